// A member's claims of a listing (docs/decisions/0099): their list, starting one by DNS, meta tag or file, the e-mail
// code and its confirmation, and "Check now". Each needs a signed-in member with a verified address.
import { Elysia } from 'elysia';
import { z } from 'zod';
import {
  claimEmailSchema,
  claimOutcomeSchema,
  claimParamsSchema,
  confirmClaimCodeSchema,
  memberClaimSchema,
  startClaimSchema,
  startedClaimSchema,
} from '../../lib/contract';
import { answer } from '../answer';
import { jsonBody } from '../json-body';
import { auth } from '../plugins/auth';
import { errors } from '../plugins/errors';
import { security } from '../plugins/security';
import { checkClaim, confirmClaimCode, listClaims, sendClaimCode, startClaim } from './claims';

export const claimRoutes = new Elysia({ name: 'claim-routes' })
  .use(errors)
  .use(security)
  .use(auth)
  .get('/api/claims', ({ user }) => listClaims(user), { auth: true, response: answer(z.array(memberClaimSchema)) })
  .post('/api/claims', ({ user, body }) => startClaim(user, body), {
    verifiedEmail: true,
    body: jsonBody(startClaimSchema),
    response: answer(startedClaimSchema),
  })
  .post('/api/claims/email', ({ user, body }) => sendClaimCode(user, body), {
    verifiedEmail: true,
    body: jsonBody(claimEmailSchema),
    response: answer(claimOutcomeSchema),
  })
  .post('/api/claims/email/confirm', ({ user, body }) => confirmClaimCode(user, body), {
    verifiedEmail: true,
    body: jsonBody(confirmClaimCodeSchema),
    response: answer(claimOutcomeSchema),
  })
  .post('/api/claims/:id/check', ({ user, params }) => checkClaim(user, params.id), {
    verifiedEmail: true,
    params: claimParamsSchema,
    response: answer(claimOutcomeSchema),
  });
