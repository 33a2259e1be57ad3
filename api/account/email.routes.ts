// Account routes: email (issue 26, docs/decisions/0092). A placeholder until its part lands.
import { Elysia } from 'elysia';

export const emailRoutes = new Elysia({ name: 'account-email-routes' });
