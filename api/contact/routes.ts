// POST /api/contact: the /contact page's form, open to everyone (a session only makes a member's message priority);
// the admin's Messages tab: GET /api/admin/messages and POST /api/admin/messages/:id/handled.
import { Elysia } from 'elysia';
import { z } from 'zod';
import { adminContactMessageSchema, contactMessageParamsSchema, contactSchema, contactSentSchema, pageQuerySchema } from '../../lib/contract';
import { answer } from '../answer';
import { jsonBody } from '../json-body';
import { nextPageLink } from '../next-page';
import { auth, optionalUser } from '../plugins/auth';
import { errors } from '../plugins/errors';
import { security } from '../plugins/security';
import { listContactMessages, markContactMessageHandled, sendContactMessage } from './service';

export const contactRoutes = new Elysia({ name: 'contact-routes' })
  .use(errors)
  .use(security)
  .use(auth)
  .post(
    '/api/contact',
    async ({ body, cookie, ip, status }) => {
      // Signed out, expired or blocked: the message is taken all the same, as anyone's.
      return status(201, await sendContactMessage(body, await optionalUser(cookie), ip));
    },
    { body: jsonBody(contactSchema), response: { 201: answer(contactSentSchema) } },
  )
  .get(
    '/api/admin/messages',
    async ({ query, set }) => {
      const { messages, more } = await listContactMessages(query);
      if (more) set.headers.link = nextPageLink('/api/admin/messages', query);
      return messages;
    },
    { permission: 'manage:messages', query: pageQuerySchema, response: answer(z.array(adminContactMessageSchema)) },
  )
  .post('/api/admin/messages/:id/handled', ({ params, user }) => markContactMessageHandled(params.id, user.id), {
    permission: 'manage:messages',
    params: contactMessageParamsSchema,
    response: answer(adminContactMessageSchema),
  });
