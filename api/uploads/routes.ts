// Serves uploaded images from the upload store (a folder or a bucket): images only, with their type, never sniffed,
// cached for good (every upload has a fresh random name, so the object at a path never changes).
import { Elysia } from 'elysia';
import { uploadParamsSchema } from '../../lib/contract';
import { errors } from '../plugins/errors';
import { security } from '../plugins/security';
import { servedUpload, uploadStore } from '../services/uploads';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** How long a browser keeps the redirect to a public bucket: a day, so a changed S3_PUBLIC_URL is followed soon. */
const REDIRECT_CACHE = 'public, max-age=86400';

export const uploadsRoutes = new Elysia({ name: 'uploads-routes' })
  .use(errors)
  .use(security)
  .get('/uploads/*', async ({ params, status }) => {
    const found = servedUpload(params['*']);
    if (!found) return status(404, 'Not found');
    const store = uploadStore();
    const publicUrl = store.publicUrl(found.key);
    if (publicUrl) return new Response(null, { status: 302, headers: { location: publicUrl, 'cache-control': REDIRECT_CACHE } });
    const object = await store.open(found.key);
    if (!object) return status(404, 'Not found');
    return new Response(object.body, {
      headers: {
        'content-type': found.type,
        'content-length': String(object.size),
        'x-content-type-options': 'nosniff',
        'cache-control': IMMUTABLE,
        'content-security-policy': "default-src 'none'; sandbox",
      },
    });
  }, { params: uploadParamsSchema });
