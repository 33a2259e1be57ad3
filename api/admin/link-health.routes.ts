// The admin Link Health tab's calls (docs/decisions/0102). Placeholder: filled by the link-health work.
import { Elysia } from 'elysia';

export const adminLinkHealthRoutes = new Elysia({ name: 'admin-link-health-routes' });
