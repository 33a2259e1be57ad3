// Serves uploaded images from the upload store (a folder or a bucket): images only, with their type, never sniffed,
// cached for good (every upload has a fresh random name, so the object at a path never changes). An owner's image no
// public tool shows yet is served only to its uploader and reviewers, never cached (docs/decisions/0067).
import { Elysia } from 'elysia';
import { uploadParamsSchema } from '../../lib/contract';
import { optionalUser } from '../plugins/auth';
import { errors } from '../plugins/errors';
import { PRIVATE_NO_STORE, security } from '../plugins/security';
import { servedUpload, uploadStore, uploadVisibility } from '../services/uploads';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** How long a browser keeps the redirect to a public bucket: a day, so a changed S3_PUBLIC_URL is followed soon. */
const REDIRECT_CACHE = 'public, max-age=86400';

export const uploadsRoutes = new Elysia({ name: 'uploads-routes' })
  .use(errors)
  .use(security)
  .get(
    '/uploads/*',
    async ({ params, status, cookie }) => {
      const found = servedUpload(params['*']);
      if (!found) return status(404, 'Not found');
      // Others are told nothing of a private image: the same 404 as a missing one.
      const visibility = await uploadVisibility(found.key, () => optionalUser(cookie));
      if (visibility === 'missing') return status(404, 'Not found');
      const store = uploadStore();
      // A private image is streamed by us: a public bucket's address would serve it to anyone it is passed on to.
      const publicUrl = visibility === 'public' ? store.publicUrl(found.key) : null;
      if (publicUrl)
        return new Response(null, { status: 302, headers: { location: publicUrl, 'cache-control': REDIRECT_CACHE } });
      const object = await store.open(found.key);
      if (!object) return status(404, 'Not found');
      return new Response(object.body, {
        headers: {
          'content-type': found.type,
          'content-length': String(object.size),
          'x-content-type-options': 'nosniff',
          // An image awaiting review: neither a shared cache nor the browser keeps it, so a sign-out or a rejection ends it.
          'cache-control': visibility === 'public' ? IMMUTABLE : PRIVATE_NO_STORE,
          'content-security-policy': "default-src 'none'; sandbox",
        },
      });
    },
    { params: uploadParamsSchema },
  );
