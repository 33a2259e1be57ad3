// The admin Reports tab's calls (docs/decisions/0101). Placeholder: filled by the reader-reports work.
import { Elysia } from 'elysia';

export const adminReportRoutes = new Elysia({ name: 'admin-report-routes' });
