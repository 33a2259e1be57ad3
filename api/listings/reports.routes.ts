// Reader reports (docs/decisions/0101): POST /api/reports, signed in or not, and the same report posted by the /report
// form without JavaScript (303 to the page with the reference, or the page again with the message and the fields).
import { Elysia } from 'elysia';
import { reportSchema, reportSentSchema } from '../../lib/contract';
import { FORM_ACTIONS, REPORT_PARAMS } from '../../lib/form-pages';
import { REPORT_DETAIL_FIELDS, REPORT_TYPES, type ReportType } from '../../lib/reports';
import { answer } from '../answer';
import { formFields, refusedPost } from '../form-post';
import { jsonBody } from '../json-body';
import { auth, optionalUser } from '../plugins/auth';
import { errors } from '../plugins/errors';
import { security } from '../plugins/security';
import { submitReport } from './reports';

/** The form's flat fields as the JSON call's body: the chosen type's details gathered by name, the others dropped. */
function reportBody(fields: Record<string, string>) {
  const { toolSlug = '', type = '', message = '', email = '', website = '' } = fields;
  const names: readonly string[] = (REPORT_TYPES as readonly string[]).includes(type)
    ? REPORT_DETAIL_FIELDS[type as ReportType]
    : [];
  const details = Object.fromEntries(names.map((name) => [name, fields[name] ?? '']));
  return { toolSlug, type, details, message, email, website };
}

export const reportRoutes = new Elysia({ name: 'report-routes' })
  .use(errors)
  .use(security)
  .use(auth)
  .post(
    '/api/reports',
    async ({ body, cookie, ip, status }) => status(201, await submitReport(body, await optionalUser(cookie), ip)),
    { body: jsonBody(reportSchema), response: { 201: answer(reportSentSchema) } },
  )
  .post(FORM_ACTIONS.report, async ({ body, cookie, request, ip, redirect, set }) => {
    const fields = formFields(body);
    const sent = reportBody(fields);
    try {
      const { reference } = await submitReport(reportSchema.parse(sent), await optionalUser(cookie), ip);
      const query = new URLSearchParams({ [REPORT_PARAMS.tool]: sent.toolSlug, [REPORT_PARAMS.sent]: reference });
      return redirect(`${FORM_ACTIONS.report}?${query}`, 303);
    } catch (error) {
      const query = new URLSearchParams({ [REPORT_PARAMS.tool]: sent.toolSlug, [REPORT_PARAMS.type]: sent.type });
      // The honeypot is never shown back.
      const { website: _, details, ...rest } = sent;
      return refusedPost({
        error,
        request,
        ip,
        set,
        page: `${FORM_ACTIONS.report}?${query}`,
        locals: (text) => ({ reportForm: { fields: { ...rest, ...details }, error: text } }),
      });
    }
  });
