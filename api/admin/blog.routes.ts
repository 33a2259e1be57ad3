// Admin blog routes: the Blog CMS list, create, update and preview, and the upload of a post's featured image.
import { Elysia } from 'elysia';
import { z } from 'zod';
import {
  adminPostSchema,
  blogPostSchema,
  blogPostUpdateSchema,
  postImageSchema,
  postParamsSchema,
  postPreviewSchema,
} from '../../lib/contract';
import { answer } from '../answer';
import { readImageForm } from '../image-form';
import { jsonBody } from '../json-body';
import { auth } from '../plugins/auth';
import { errors } from '../plugins/errors';
import { security } from '../plugins/security';
import { preparePostImage, storePostImage } from '../services/uploads';
import { createPost, listAllPosts, previewPost, updatePost } from './blog.service';

export const adminBlogRoutes = new Elysia({ name: 'admin-blog-routes' })
  .use(errors)
  .use(security)
  .use(auth)
  .get('/api/admin/blog/posts', () => listAllPosts(), {
    permission: 'manage:blog',
    response: answer(z.array(adminPostSchema)),
  })
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
      const image = await preparePostImage((await readImageForm(request)).image);
      return status(201, { url: await storePostImage(image) });
    },
    { permission: 'manage:blog', parse: 'none', response: { 201: answer(postImageSchema) } },
  );
