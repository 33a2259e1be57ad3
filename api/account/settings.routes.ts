// Account routes: settings (issue 26, docs/decisions/0092). A placeholder until its part lands.
import { Elysia } from 'elysia';

export const settingsRoutes = new Elysia({ name: 'account-settings-routes' });
