// Serves uploaded images from the uploads folder: images only, with their type, never sniffed, cached for good
// (every upload has a fresh random name, so a file at a path never changes).
import { Elysia } from 'elysia';
import { uploadParamsSchema } from '../../lib/contract';
import { errors } from '../plugins/errors';
import { security } from '../plugins/security';
import { uploadFile } from '../services/uploads';

const IMMUTABLE = 'public, max-age=31536000, immutable';

export const uploadsRoutes = new Elysia({ name: 'uploads-routes' })
  .use(errors)
  .use(security)
  .get('/uploads/*', async ({ params, set, status }) => {
    const found = uploadFile(params['*']);
    const file = found && Bun.file(found.path);
    if (!found || !file || !(await file.exists())) return status(404, 'Not found');
    set.headers['content-type'] = found.type;
    set.headers['x-content-type-options'] = 'nosniff';
    set.headers['cache-control'] = IMMUTABLE;
    set.headers['content-security-policy'] = "default-src 'none'; sandbox";
    return file;
  }, { params: uploadParamsSchema });
