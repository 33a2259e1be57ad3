// Account routes: two-factor sign-in on the account page (decision 0095): its state, enrolment with an authenticator
// app, turning it off and new recovery codes. The code step of a sign-in is in api/auth/routes.ts.
import { Elysia } from 'elysia';
import {
  recoveryCodesSchema,
  twoFactorCodeSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '../../lib/contract';
import { answer } from '../answer';
import { jsonBody } from '../json-body';
import { auth } from '../plugins/auth';
import { errors } from '../plugins/errors';
import { security } from '../plugins/security';
import { disableTwoFactor, enableTwoFactor, replaceRecoveryCodes, startEnrolment, twoFactorStatus } from './two-factor';

export const twoFactorRoutes = new Elysia({ name: 'account-two-factor-routes' })
  .use(errors)
  .use(security)
  .use(auth)
  .get('/api/account/two-factor', ({ user }) => twoFactorStatus(user), {
    auth: true,
    response: answer(twoFactorStatusSchema),
  })
  .post('/api/account/two-factor/setup', ({ user, ip }) => startEnrolment(user, ip), {
    auth: true,
    response: answer(twoFactorSetupSchema),
  })
  .post(
    '/api/account/two-factor/enable',
    async ({ user, body, ip }) => ({ recoveryCodes: await enableTwoFactor(user, body.code, ip) }),
    { auth: true, body: jsonBody(twoFactorCodeSchema), response: answer(recoveryCodesSchema) },
  )
  .post('/api/account/two-factor/disable', ({ user, body, ip }) => disableTwoFactor(user, body.code, ip), {
    auth: true,
    body: jsonBody(twoFactorCodeSchema),
    response: answer(twoFactorStatusSchema),
  })
  .post(
    '/api/account/two-factor/recovery-codes',
    async ({ user, body, ip }) => ({ recoveryCodes: await replaceRecoveryCodes(user, body.code, ip) }),
    { auth: true, body: jsonBody(twoFactorCodeSchema), response: answer(recoveryCodesSchema) },
  );
