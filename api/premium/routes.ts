// Premium routes: POST /api/premium/upgrade answers the checkout address; Stripe's webhook completes it. The member's
// membership, where to manage it, and (development mode only) cancelling it without Stripe.
import { Elysia } from 'elysia';
import {
  checkoutSchema,
  membershipSchema,
  okSchema,
  portalSchema,
  upgradeSchema,
  webhookReceiptSchema,
} from '../../lib/contract';
import { answer } from '../answer';
import { jsonBody } from '../json-body';
import { auth } from '../plugins/auth';
import { errors } from '../plugins/errors';
import { security } from '../plugins/security';
import { devCancel, membership, openPortal, startUpgrade } from './service';
import { accountManagerRoutes } from './manager.routes';
import { slotRoutes } from './slots.routes';
import { handleEvent, verifyEvent } from './webhook';

export const premiumRoutes = new Elysia({ name: 'premium-routes' })
  .use(errors)
  .use(security)
  .use(auth)
  .use(slotRoutes)
  .use(accountManagerRoutes)
  .post('/api/premium/upgrade', ({ user, body }) => startUpgrade(user, body.plan), {
    auth: true,
    body: jsonBody(upgradeSchema),
    response: answer(checkoutSchema),
  })
  .get('/api/premium/subscription', ({ user }) => membership(user), { auth: true, response: answer(membershipSchema) })
  .post('/api/premium/portal', ({ user }) => openPortal(user), { auth: true, response: answer(portalSchema) })
  // 404 in production and whenever Stripe is configured: there, cancelling happens in Stripe's portal.
  .post(
    '/api/premium/dev/cancel',
    async ({ user }) => {
      await devCancel(user);
      return { ok: true as const };
    },
    { auth: true, response: answer(okSchema) },
  )
  // The signature covers the exact bytes, so the body is read raw.
  .post(
    '/api/premium/webhook',
    async ({ request }) => {
      const event = await verifyEvent(await request.text(), request.headers.get('stripe-signature'));
      return { received: true as const, duplicate: !(await handleEvent(event)) };
    },
    { parse: 'none', response: answer(webhookReceiptSchema) },
  );
