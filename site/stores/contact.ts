// The contact form's one call: POST /api/contact, which stores the message for the admin panel's Messages tab.
import { api, type ApiRequest } from '../../lib/api-client';

/** Sends a message; the server decides whether it is priority (a Premium member's). A refusal throws 'status: body'. */
export async function sendContactMessage(values: ApiRequest<'POST /api/contact'>['body']): Promise<void> {
  await api('POST /api/contact', { body: values });
}
