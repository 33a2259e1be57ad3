// The calls of keeping listings true (docs/decisions/0098): claiming a listing and what a verified owner gets, and
// reader reports. Their admin screens live in api/admin/ (claims, reports, link health, discontinued tools).
import { Elysia } from 'elysia';
import { claimRoutes } from './claims.routes';
import { ownerRoutes } from './owners.routes';
import { reportRoutes } from './reports.routes';

export const listingRoutes = new Elysia({ name: 'listing-routes' }).use(claimRoutes).use(ownerRoutes).use(reportRoutes);
