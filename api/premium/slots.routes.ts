// A Premium member's featured slots in the digest (docs/decisions/0110): the calendar, booking, moving, cancelling;
// the slot's counted link in the e-mail; and the viewer's early-access flags, which islands ask for.
import { Elysia } from 'elysia';
import {
  bookSlotSchema,
  earlyAccessSchema,
  featuredClickParamsSchema,
  memberSlotSchema,
  moveSlotSchema,
  okSchema,
  slotCalendarSchema,
  slotParamsSchema,
} from '../../lib/contract';
import { ENGAGE_MSG } from '../../lib/engagement-messages';
import { answer } from '../answer';
import { jsonBody } from '../json-body';
import { asksNotToBeTracked, firstToday, isBotAgent, takeBeaconAllowance } from '../metrics/service';
import { auth, optionalUser } from '../plugins/auth';
import { errors, notFound } from '../plugins/errors';
import { security } from '../plugins/security';
import { addressBucket } from '../rate-limit';
import { earlyAccessFlags } from './early-access';
import { bookSlot, cancelSlot, followFeaturedLink, moveSlot, slotCalendar } from './slots';

export const slotRoutes = new Elysia({ name: 'slot-routes' })
  .use(errors)
  .use(security)
  .use(auth)
  .get('/api/premium/slots', ({ user }) => slotCalendar(user, new Date()), {
    auth: true,
    response: answer(slotCalendarSchema),
  })
  .post('/api/premium/slots', async ({ user, body, status }) => status(201, await bookSlot(user, body, new Date())), {
    auth: true,
    body: jsonBody(bookSlotSchema),
    response: { 201: answer(memberSlotSchema) },
  })
  .patch('/api/premium/slots/:id', ({ user, params, body }) => moveSlot(user, params.id, body.issueDate, new Date()), {
    auth: true,
    params: slotParamsSchema,
    body: jsonBody(moveSlotSchema),
    response: answer(memberSlotSchema),
  })
  .delete(
    '/api/premium/slots/:id',
    async ({ user, params }) => {
      await cancelSlot(user, params.id, new Date());
      return { ok: true as const };
    },
    { auth: true, params: slotParamsSchema, response: answer(okSchema) },
  )
  // Open to visitors: a flag on for everyone is on signed out too.
  .get('/api/early-access', async ({ cookie }) => ({ flags: await earlyAccessFlags(await optionalUser(cookie)) }), {
    response: answer(earlyAccessSchema),
  })
  // The link of a featured slot in the digest: counted once per visitor per day (bots, mail scanners that the agent
  // names, and visitors who asked not to be tracked are sent on uncounted), then on to the tool page.
  .get(
    '/newsletter/featured/:slotId',
    async ({ params, request, ip, redirect }) => {
      const slotId = /^[1-9]\d{0,15}$/.test(params.slotId) ? Number(params.slotId) : null;
      const address = addressBucket(ip);
      const counted = !asksNotToBeTracked(request.headers) && !isBotAgent(request.headers.get('user-agent'));
      const to =
        slotId &&
        (await followFeaturedLink(
          slotId,
          async () => counted && takeBeaconAllowance(address) && (await firstToday(address, ['featured-slot', slotId])),
        ));
      if (!to) throw notFound(ENGAGE_MSG.slotNotFound);
      return redirect(to, 302);
    },
    { params: featuredClickParamsSchema },
  );
