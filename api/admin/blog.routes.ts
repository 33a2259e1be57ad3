// Admin blog routes: the Blog CMS list, create, update and preview, and the upload of a post's featured image.
import { Elysia } from 'elysia';
import { z } from 'zod';
import { MAX_POST_IMAGE_BYTES } from '../../lib/constants';
import { adminPostSchema, blogPostSchema, blogPostUpdateSchema, postImageSchema, postParamsSchema, postPreviewSchema } from '../../lib/contract';
import { MSG } from '../../lib/messages';
import { answer } from '../answer';
import { jsonBody } from '../json-body';
import { auth } from '../plugins/auth';
import { HttpError, badRequest, errors } from '../plugins/errors';
import { security } from '../plugins/security';
import { preparePostImage, storePostImage } from '../services/uploads';
import { createPost, listAllPosts, previewPost, updatePost } from './blog.service';

/** Room for the form's framing beside the largest image; anything bigger is refused before it is read. */
const MAX_IMAGE_FORM_BYTES = MAX_POST_IMAGE_BYTES + 16 * 1024;

/** The `image` file of a multipart form, read only when the declared size allows it. */
async function readImageForm(request: Request): Promise<Blob> {
  if (!(request.headers.get('content-type') ?? '').startsWith('multipart/form-data')) throw badRequest(MSG.expectedMultipart);
  if (Number(request.headers.get('content-length')) > MAX_IMAGE_FORM_BYTES) throw new HttpError(413, MSG.fileTooLarge);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw badRequest(MSG.expectedMultipart);
  }
  const image = form.get('image');
  if (!(image instanceof Blob) || image.size === 0) throw badRequest(MSG.postImageMissing);
  return image;
}

export const adminBlogRoutes = new Elysia({ name: 'admin-blog-routes' })
  .use(errors)
  .use(security)
  .use(auth)
  .get('/api/admin/blog/posts', () => listAllPosts(), { permission: 'manage:blog', response: answer(z.array(adminPostSchema)) })
  .post('/api/admin/blog/posts', ({ body, user }) => createPost(body, user.id), {
    permission: 'manage:blog',
    body: jsonBody(blogPostSchema),
    response: answer(adminPostSchema),
  })
  .patch('/api/admin/blog/posts/:id', ({ params, body, user }) => updatePost(params.id, body, user.id), {
    permission: 'manage:blog',
    params: postParamsSchema,
    body: jsonBody(blogPostUpdateSchema),
    response: answer(adminPostSchema),
  })
  .post('/api/admin/blog/preview', ({ body }) => previewPost(body), {
    permission: 'manage:blog',
    body: jsonBody(blogPostSchema),
    response: answer(postPreviewSchema),
  })
  .post(
    '/api/admin/blog/images',
    async ({ request, status }) => {
      const image = await preparePostImage(await readImageForm(request));
      return status(201, { url: await storePostImage(image) });
    },
    { permission: 'manage:blog', parse: 'none', response: { 201: answer(postImageSchema) } },
  );
