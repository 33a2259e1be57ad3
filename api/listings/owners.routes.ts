// What a verified owner gets (docs/decisions/0099): the tools they own, their metrics and change requests. Placeholder: filled by the verified-owners (the mark and the owner's tools) work.
import { Elysia } from 'elysia';

export const ownerRoutes = new Elysia({ name: 'owner-routes' });
