// Account routes: password (issue 26, docs/decisions/0092). A placeholder until its part lands.
import { Elysia } from 'elysia';

export const passwordRoutes = new Elysia({ name: 'account-password-routes' });
