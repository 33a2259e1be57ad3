// Account routes: closing (issue 26, docs/decisions/0092). A placeholder until its part lands.
import { Elysia } from 'elysia';

export const closingRoutes = new Elysia({ name: 'account-closing-routes' });
