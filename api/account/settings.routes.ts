// Account routes: the settings page's profile, avatar, devices and "Download my data" (docs/decisions/0096). Each is
// the signed-in member's own and counted against their hour before any work.
import { Elysia } from 'elysia';
import { z } from 'zod';
import {
  accountDataSchema,
  currentUserSchema,
  deviceParamsSchema,
  deviceSessionSchema,
  profileSchema,
  signedOutSchema,
} from '../../lib/contract';
import { answer } from '../answer';
import { publicUser } from '../auth/service';
import { SESSION_COOKIE } from '../auth/sessions';
import { signOut } from '../auth/sign-in';
import { readImageForm } from '../image-form';
import { jsonBody } from '../json-body';
import { auth } from '../plugins/auth';
import { errors } from '../plugins/errors';
import { PRIVATE_NO_STORE, security } from '../plugins/security';
import {
  accountData,
  deleteAvatar,
  listDevices,
  saveProfile,
  signOutDevice,
  signOutOthers,
  takeAllowance,
  uploadAvatar,
} from './settings';

type Cookies = Record<string, { value?: unknown }>;
const tokenOf = (cookie: Cookies) => cookie[SESSION_COOKIE]?.value as string | undefined;

export const settingsRoutes = new Elysia({ name: 'account-settings-routes' })
  .use(errors)
  .use(security)
  .use(auth)
  .post(
    '/api/account/profile',
    async ({ body, user }) => {
      await takeAllowance('account-profile', user.id);
      return publicUser(await saveProfile(user, body));
    },
    { auth: true, body: jsonBody(profileSchema), response: answer(currentUserSchema) },
  )
  .post(
    '/api/account/avatar',
    async ({ request, user }) => {
      // Counted before the body is read: a refused upload costs no image work.
      await takeAllowance('account-avatar', user.id);
      const { image } = await readImageForm(request);
      return publicUser(await uploadAvatar(user, image));
    },
    { auth: true, parse: 'none', response: answer(currentUserSchema) },
  )
  .delete(
    '/api/account/avatar',
    async ({ user }) => {
      await takeAllowance('account-profile', user.id);
      return publicUser(await deleteAvatar(user));
    },
    { auth: true, response: answer(currentUserSchema) },
  )
  .get(
    '/api/account/sessions',
    async ({ cookie, user, set }) => {
      await takeAllowance('account-devices', user.id);
      set.headers['cache-control'] = PRIVATE_NO_STORE;
      return listDevices(user, tokenOf(cookie));
    },
    { auth: true, response: answer(z.array(deviceSessionSchema)) },
  )
  .post(
    '/api/account/sessions/:id/sign-out',
    async ({ cookie, params, user }) => {
      await takeAllowance('account-devices', user.id);
      const { current } = await signOutDevice(user, params.id, tokenOf(cookie));
      // This browser's own session: it is signed out as by Sign Out, cookies and all.
      if (current) await signOut(cookie as Parameters<typeof signOut>[0]);
      return { signedOut: 1 };
    },
    { auth: true, params: deviceParamsSchema, response: answer(signedOutSchema) },
  )
  .post(
    '/api/account/sessions/sign-out-others',
    async ({ cookie, user }) => {
      await takeAllowance('account-devices', user.id);
      return { signedOut: await signOutOthers(user, tokenOf(cookie)) };
    },
    { auth: true, response: answer(signedOutSchema) },
  )
  .get(
    '/api/account/data',
    async ({ cookie, user, set }) => {
      await takeAllowance('account-data', user.id);
      const data = await accountData(user, tokenOf(cookie));
      set.headers['cache-control'] = PRIVATE_NO_STORE;
      set.headers['content-disposition'] =
        `attachment; filename="account-data-${data.exportedAt.toISOString().slice(0, 10)}.json"`;
      return data;
    },
    { auth: true, response: answer(accountDataSchema) },
  );
