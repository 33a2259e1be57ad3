// The admin's claims (docs/decisions/0099): every claim, revoke with a reason. Placeholder: filled by the verified-owners (the mark and the owner's tools) work.
import { Elysia } from 'elysia';

export const adminClaimRoutes = new Elysia({ name: 'admin-claim-routes' });
