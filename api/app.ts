// The Elysia application: composes the plugins and feature routes; exported for the server and tests.
import { Elysia } from 'elysia';
import { accountRoutes } from './account/routes';
import { adminRoutes } from './admin/routes';
import { authRoutes, demoRoutes, includeDemoRoutes } from './auth/routes';
import { blogRoutes } from './blog/routes';
import { contactRoutes } from './contact/routes';
import { apiDocsRoutes } from './docs/routes';
import { bodies } from './plugins/bodies';
import { errors } from './plugins/errors';
import { healthRoutes } from './health/routes';
import { listingRoutes } from './listings/routes';
import { badgeRoutes } from './badges/routes';
import { followRoutes } from './follows/routes';
import { newsletterRoutes } from './newsletter/routes';
import { metricsRoutes } from './metrics/routes';
import { premiumRoutes } from './premium/routes';
import { security } from './plugins/security';
import { submissionRoutes } from './submissions/routes';
import { toolAssetRoutes } from './tool-assets/routes';
import { toolRoutes } from './tools/routes';
import { uploadsRoutes } from './uploads/routes';
import { publicApiRoutes, type PublicApiOptions } from './v1/routes';

/** The app; demo logins exist only outside production (NODE_ENV). `publicApi`: options of /api/v1 (tests set a small rate limit). */
export function createApp({
  demoLogins = includeDemoRoutes,
  publicApi,
}: {
  demoLogins?: boolean;
  publicApi?: PublicApiOptions;
} = {}) {
  // Elysia finds the path after the 11th character unless told otherwise, which misroutes a host of one to three
  // characters (`Host: a`); every URL it sees here starts with http:// (docs/decisions/0063).
  const app = new Elysia({ handler: { standardHostname: false } })
    .use(errors)
    .use(bodies)
    .use(security)
    .use(authRoutes)
    .use(accountRoutes)
    .use(toolRoutes)
    .use(blogRoutes)
    .use(submissionRoutes)
    .use(toolAssetRoutes)
    .use(listingRoutes)
    .use(newsletterRoutes)
    .use(followRoutes)
    .use(badgeRoutes)
    .use(uploadsRoutes)
    .use(adminRoutes)
    .use(premiumRoutes)
    .use(contactRoutes)
    .use(metricsRoutes)
    .use(publicApiRoutes(publicApi))
    .use(demoLogins ? demoRoutes : new Elysia())
    .use(healthRoutes());
  // Last, so the OpenAPI document it serves describes every route above.
  return app.use(apiDocsRoutes(app));
}

export const app = createApp();
