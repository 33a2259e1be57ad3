// Reader reports (docs/decisions/0101): POST a report, signed in or not, and the no-JavaScript form. Placeholder: filled by the reader-reports work.
import { Elysia } from 'elysia';

export const reportRoutes = new Elysia({ name: 'report-routes' });
