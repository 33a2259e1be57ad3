// A member's claims of a listing (docs/decisions/0099): start, check now, the e-mail code. Placeholder: filled by the verified-owners (claiming) work.
import { Elysia } from 'elysia';

export const claimRoutes = new Elysia({ name: 'claim-routes' });
