// The account calls (issue 26, docs/decisions/0092): password reset and change, the address and its verification,
// two-factor sign-in, the settings page's profile, devices and data, and closing an account.
import { Elysia } from 'elysia';
import { closingRoutes } from './closing.routes';
import { emailRoutes } from './email.routes';
import { passwordRoutes } from './password.routes';
import { settingsRoutes } from './settings.routes';
import { twoFactorRoutes } from './two-factor.routes';

export const accountRoutes = new Elysia({ name: 'account-routes' })
  .use(passwordRoutes)
  .use(emailRoutes)
  .use(twoFactorRoutes)
  .use(settingsRoutes)
  .use(closingRoutes);
