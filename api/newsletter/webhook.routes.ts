// Resend's webhook: bounces and complaints stop all sending to the address. Placeholder: filled by the newsletter work.
import { Elysia } from 'elysia';

export const resendWebhookRoutes = new Elysia({ name: 'resendwebhook-routes' });
