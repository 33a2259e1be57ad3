// Admin blog routes: the Blog CMS list, create and update.
import { Elysia } from 'elysia';
import { z } from 'zod';
import { adminPostSchema, blogPostSchema, blogPostUpdateSchema, postParamsSchema } from '../../lib/contract';
import { answer } from '../answer';
import { jsonBody } from '../json-body';
import { auth } from '../plugins/auth';
import { errors } from '../plugins/errors';
import { security } from '../plugins/security';
import { createPost, listAllPosts, updatePost } from './blog.service';

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
  });
