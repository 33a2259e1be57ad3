// The Elysia application: composes the plugins and feature routes; exported for the server and tests.
import { Elysia } from 'elysia';
import { adminRoutes } from './admin/routes';
import { authRoutes, demoRoutes, includeDemoRoutes } from './auth/routes';
import { blogRoutes } from './blog/routes';
import { errors } from './plugins/errors';
import { premiumRoutes } from './premium/routes';
import { security } from './plugins/security';
import { submissionRoutes } from './submissions/routes';
import { toolRoutes } from './tools/routes';
import { uploadsRoutes } from './uploads/routes';

/** The app; demo logins exist only outside production (NODE_ENV). */
export function createApp({ demoLogins = includeDemoRoutes }: { demoLogins?: boolean } = {}) {
  return new Elysia()
    .use(errors)
    .use(security)
    .use(authRoutes)
    .use(toolRoutes)
    .use(blogRoutes)
    .use(submissionRoutes)
    .use(uploadsRoutes)
    .use(adminRoutes)
    .use(premiumRoutes)
    .use(demoLogins ? demoRoutes : new Elysia());
}

export const app = createApp();
export type App = typeof app;
