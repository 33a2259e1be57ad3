// Admin blog routes: the Blog CMS list, create and update.
import { Elysia } from 'elysia';
import { MSG } from '../../lib/messages';
import { blogPostSchema } from '../../lib/schemas';
import { auth } from '../plugins/auth';
import { errors } from '../plugins/errors';
import { security } from '../plugins/security';
import { createPost, listAllPosts, updatePost } from './blog.service';
import { idParam, jsonBody } from './shared';

const blogPostUpdateSchema = blogPostSchema.partial();

export const adminBlogRoutes = new Elysia({ name: 'admin-blog-routes' })
  .use(errors)
  .use(security)
  .use(auth)
  .get('/api/admin/blog/posts', () => listAllPosts(), { permission: 'manage:blog' })
  .post('/api/admin/blog/posts', ({ body, user }) => createPost(blogPostSchema.parse(jsonBody(body)), user.id), {
    permission: 'manage:blog',
  })
  .patch(
    '/api/admin/blog/posts/:id',
    ({ params, body, user }) => updatePost(idParam(params.id, MSG.postNotFound), blogPostUpdateSchema.parse(jsonBody(body)), user.id),
    { permission: 'manage:blog' },
  );
