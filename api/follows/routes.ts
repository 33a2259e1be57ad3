// Following tools and categories, saved tools, and the three-tool compare page (docs/decisions/0108): the islands' JSON
// calls, and the same actions posted by forms without JavaScript (303 back to the page, or the page with the message).
import { Elysia } from 'elysia';
import { z } from 'zod';
import { db } from '../../db/client';
import {
  followOutcomeSchema,
  followSchema,
  followStateSchema,
  followTargetSchema,
  messageSchema,
  savedToolsSchema,
  saveToolSchema,
  slugParamsSchema,
} from '../../lib/contract';
import { ENGAGE_MSG } from '../../lib/engagement-messages';
import { FORM_ACTIONS, followNoteId, type FollowFormState, type FollowNote } from '../../lib/form-pages';
import { withNext } from '../../lib/return-to';
import { answer } from '../answer';
import { formFields, refusedPost } from '../form-post';
import { jsonBody } from '../json-body';
import { auth, optionalUser } from '../plugins/auth';
import { errors, HttpError } from '../plugins/errors';
import { security } from '../plugins/security';
import { confirmationPageRoutes } from '../newsletter/token-pages';
import { compareToolsPage } from './compare';
import { confirmFollowRequest, followRequestByToken } from './follow-requests';
import { follow, followTarget, isFollowing, unfollow } from './follows';
import { isSaved, savedToolsOf, saveTool, unsaveTool } from './saved';

/** The page a follow was posted from: the tool's or the category's (first page). */
function pageOf(input: { target?: string; id?: string }): string {
  const id = encodeURIComponent(input.id ?? '');
  return input.target === 'category' ? `/category/${id}` : `/tool/${id}`;
}

const back = (page: string, note: FollowNote) => `${page}#${followNoteId(note)}`;

/** The page again after a refused post: the address as sent and the message. */
const refusedFollow = (email: string, error: string): { followForm: FollowFormState } => ({
  followForm: { email, error },
});

export const followRoutes = new Elysia({ name: 'follow-routes' })
  .use(errors)
  .use(security)
  .use(auth)
  .post(
    '/api/follows',
    async ({ body, cookie, ip, status }) => status(201, await follow(body, await optionalUser(cookie), ip)),
    { body: jsonBody(followSchema), response: { 201: answer(followOutcomeSchema) } },
  )
  .post('/api/follows/unfollow', async ({ body, user, ip }) => unfollow(body, user, ip), {
    auth: true,
    body: jsonBody(followTargetSchema),
    response: answer(followOutcomeSchema),
  })
  .get(
    '/api/follows/state',
    async ({ query, user }) => {
      const target = await followTarget(db, query);
      // Read on every tool page a member opens: the two answers side by side.
      const [following, saved] = await Promise.all([
        isFollowing(db, user, target),
        target.toolId !== null && isSaved(user.id, target.toolId),
      ]);
      return { following, saved };
    },
    { auth: true, query: followTargetSchema, response: answer(followStateSchema) },
  )
  .get('/api/saved-tools', async ({ user }) => savedToolsOf(user.id), {
    auth: true,
    response: answer(savedToolsSchema),
  })
  .post(
    '/api/saved-tools',
    async ({ body, user, status }) => status(201, { message: ENGAGE_MSG.saved(await saveTool(user, body.slug)) }),
    { auth: true, body: jsonBody(saveToolSchema), response: { 201: answer(messageSchema) } },
  )
  .delete(
    '/api/saved-tools/:slug',
    async ({ params, user }) => ({ message: ENGAGE_MSG.unsaved(await unsaveTool(user, params.slug)) }),
    { auth: true, params: slugParamsSchema, response: answer(messageSchema) },
  )
  .post(FORM_ACTIONS.follow, async ({ body, cookie, request, ip, redirect, set }) => {
    const fields = formFields(body);
    const page = pageOf(fields);
    try {
      const user = await optionalUser(cookie);
      if (fields.intent === 'unfollow') {
        if (!user) throw new HttpError(401, ENGAGE_MSG.followAddressNeeded);
        const { status } = await unfollow(followTargetSchema.parse(fields), user, ip);
        return redirect(back(page, status), 303);
      }
      const { status } = await follow(followSchema.parse(fields), user, ip);
      return redirect(back(page, status), 303);
    } catch (error) {
      return refusedPost({
        error,
        request,
        ip,
        set,
        page,
        locals: (message) => refusedFollow(fields.email ?? '', message),
      });
    }
  })
  .post(FORM_ACTIONS.save, async ({ body, cookie, request, ip, redirect, set }) => {
    const fields = formFields(body);
    const slug = z.string().catch('').parse(fields.slug);
    const page = pageOf({ target: 'tool', id: slug });
    const user = await optionalUser(cookie);
    if (!user) return redirect(withNext('/auth', page), 303);
    try {
      if (fields.intent === 'remove') {
        await unsaveTool(user, slug);
        return redirect(back(page, 'unsaved'), 303);
      }
      await saveTool(user, slug);
      return redirect(back(page, 'saved'), 303);
    } catch (error) {
      return refusedPost({
        error,
        request,
        ip,
        set,
        page,
        locals: (message) => refusedFollow('', message),
      });
    }
  })
  // A follow asked by e-mail for an address already subscribed (docs/decisions/0112): the e-mail's link opens the page
  // and changes nothing; its button follows.
  .use(
    confirmationPageRoutes({
      path: FORM_ACTIONS.followConfirm,
      find: followRequestByToken,
      confirm: confirmFollowRequest,
      done: 'followed',
      invalid: ENGAGE_MSG.followConfirmLinkInvalid,
      locals: (token, request, error) => ({ followConfirmForm: { token, name: request?.name ?? null, error } }),
    }),
  )
  .get('/compare', async ({ cookie, request, ip, set, query }) =>
    compareToolsPage({ viewer: await optionalUser(cookie), request, ip, set, query }),
  );
