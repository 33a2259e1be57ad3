// POST /api/contact: the /contact page's form, open to everyone (a session only makes a member's message priority);
// the admin's Messages tab: GET /api/admin/messages and POST /api/admin/messages/:id/handled.
import { Elysia } from 'elysia';
import { z } from 'zod';
import {
  adminContactMessageSchema,
  contactMessageParamsSchema,
  contactSchema,
  contactSentSchema,
  pageQuerySchema,
} from '../../lib/contract';
import { CONTACT_TOPICS, type ContactTopic } from '../../lib/contact';
import { CONTACT_SENT_PARAM, FORM_ACTIONS, type ContactFormState } from '../../lib/form-pages';
import type { User } from '../../db/schema';
import { can } from '../../lib/permissions';
import { answer } from '../answer';
import { formFields, refusedPost } from '../form-post';
import { jsonBody } from '../json-body';
import { nextPageLink } from '../next-page';
import { auth, optionalUser } from '../plugins/auth';
import { errors } from '../plugins/errors';
import { security } from '../plugins/security';
import { listContactMessages, markContactMessageHandled, sendContactMessage } from './service';

/** Who opens the Messages tab: the admins, and staff for the messages of the Premium members they manage. */
const MESSAGES_READERS = ['manage:messages', 'answer:assigned-messages'] as const;
const messagesViewer = (user: User) => ({ id: user.id, all: can(user, 'manage:messages') });

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
  // The same form posted without JavaScript (docs/decisions/0068): 303 to the page saying it was received, or the page
  // again with the message and what was written.
  .post(FORM_ACTIONS.contact, async ({ body, cookie, request, ip, redirect, set }) => {
    const fields = formFields(body);
    try {
      await sendContactMessage(contactSchema.parse(fields), await optionalUser(cookie), ip);
      return redirect(`${FORM_ACTIONS.contact}?${CONTACT_SENT_PARAM}=1`, 303);
    } catch (error) {
      const { name = '', email = '', topic = '', message = '' } = fields;
      const sent = {
        name,
        email,
        topic: (CONTACT_TOPICS as readonly string[]).includes(topic) ? (topic as ContactTopic) : '',
        message,
      } satisfies Omit<ContactFormState, 'error'>;
      return refusedPost({
        error,
        request,
        ip,
        set,
        page: FORM_ACTIONS.contact,
        locals: (text) => ({ contactForm: { ...sent, error: text } }),
      });
    }
  })
  .get(
    '/api/admin/messages',
    async ({ query, set, user }) => {
      const { messages, more } = await listContactMessages(query, messagesViewer(user));
      if (more) set.headers.link = nextPageLink('/api/admin/messages', query);
      return messages;
    },
    { anyPermission: MESSAGES_READERS, query: pageQuerySchema, response: answer(z.array(adminContactMessageSchema)) },
  )
  .post(
    '/api/admin/messages/:id/handled',
    ({ params, user }) => markContactMessageHandled(params.id, messagesViewer(user)),
    {
      anyPermission: MESSAGES_READERS,
      params: contactMessageParamsSchema,
      response: answer(adminContactMessageSchema),
    },
  );
