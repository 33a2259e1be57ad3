// Account routes: two-factor (issue 26, docs/decisions/0092). A placeholder until its part lands.
import { Elysia } from 'elysia';

export const twoFactorRoutes = new Elysia({ name: 'account-two-factor-routes' });
