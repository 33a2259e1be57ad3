// The newsletter's calls (docs/decisions/0105): subscribing with double opt-in, the preference page and one-click
// unsubscribe reached from every e-mail, and Resend's webhook. The digest's admin calls live in api/admin/newsletter.
import { Elysia } from 'elysia';
import { preferenceRoutes } from './preferences.routes';
import { subscribeRoutes } from './subscribe.routes';
import { resendWebhookRoutes } from './webhook.routes';

export const newsletterRoutes = new Elysia({ name: 'newsletter-routes' })
  .use(subscribeRoutes)
  .use(preferenceRoutes)
  .use(resendWebhookRoutes);
