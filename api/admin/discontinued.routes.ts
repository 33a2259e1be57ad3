// Marking a tool discontinued and bringing it back (docs/decisions/0103). Placeholder: filled by the discontinued-tools work.
import { Elysia } from 'elysia';

export const adminDiscontinuedRoutes = new Elysia({ name: 'admin-discontinued-routes' });
