// Resend's webhook, POST /api/newsletter/webhook: bounces and complaints stop all sending to the address
// (docs/decisions/0106). A machine's call, checked by its signature over the raw body (no Origin, as Stripe's).
import { Elysia } from 'elysia';
import { webhookReceiptSchema } from '../../lib/contract';
import { answer } from '../answer';
import { errors } from '../plugins/errors';
import { security } from '../plugins/security';
import { handleResendEvent, verifyResendEvent } from './webhook';

export const resendWebhookRoutes = new Elysia({ name: 'resendwebhook-routes' })
  .use(errors)
  .use(security)
  .post(
    '/api/newsletter/webhook',
    async ({ request }) => {
      const { event, deliveryId } = verifyResendEvent(await request.text(), request.headers);
      return { received: true as const, duplicate: !(await handleResendEvent(event, deliveryId, new Date())) };
    },
    { parse: 'none', response: answer(webhookReceiptSchema) },
  );
