// The admin API: every call of SPEC.md section 7 under /api/admin, each behind a permission of lib/permissions.ts.
import { Elysia } from 'elysia';
import { adminAlternativeRoutes } from './alternatives.routes';
import { adminBlogRoutes } from './blog.routes';
import { adminChangeRequestRoutes } from './change-requests.routes';
import { adminClaimRoutes } from './claims.routes';
import { adminDiscontinuedRoutes } from './discontinued.routes';
import { adminLinkHealthRoutes } from './link-health.routes';
import { adminNewsletterRoutes } from './newsletter.routes';
import { adminPremiumRoutes } from './premium.routes';
import { adminReportRoutes } from './reports.routes';
import { adminSettingsRoutes } from './settings.routes';
import { adminToolRoutes } from './tools.routes';
import { adminUserRoutes } from './users.routes';

export const adminRoutes = new Elysia({ name: 'admin-routes' })
  .use(adminToolRoutes)
  .use(adminAlternativeRoutes)
  .use(adminChangeRequestRoutes)
  .use(adminReportRoutes)
  .use(adminLinkHealthRoutes)
  .use(adminClaimRoutes)
  .use(adminDiscontinuedRoutes)
  .use(adminNewsletterRoutes)
  .use(adminPremiumRoutes)
  .use(adminUserRoutes)
  .use(adminBlogRoutes)
  .use(adminSettingsRoutes);
