// The newsletter's JSON call (docs/decisions/0106): subscribing from an island. The same form posts without
// JavaScript to /newsletter (lib/form-pages.ts); both answer alike whoever the address is.
import { z } from 'zod';
import { email } from '../schemas';

/** Where a form subscribes from; a member's own verified address is 'member' (set by the server). */
const SUBSCRIBE_FORM_SOURCES = ['footer', 'newsletter-page'] as const;

/** POST /api/newsletter/subscribe: the address, the form it came from, and the honeypot a person never fills. */
export const subscribeSchema = z.object({
  email,
  source: z.enum(SUBSCRIBE_FORM_SOURCES).catch('newsletter-page'),
  /** The honeypot: hidden from people; a bot that fills it gets the same answer and nothing happens. */
  website: z.string().max(500).optional(),
});
export type SubscribeInput = z.infer<typeof subscribeSchema>;
