// Every JSON call of the API as one map, "METHOD /path" to the schemas its route declares: what the islands' typed
// client (lib/api-client.ts) takes its paths, requests and answers from. tests/api/endpoints.test.ts checks each entry
// against the app's own route, so the client cannot drift from what the server validates.
import { z } from 'zod';
import {
  adminApprovedToolSchema,
  adminChangeRequestSchema,
  adminEditorialReviewSchema,
  adminPendingToolSchema,
  pendingRejectionSchema,
  adminPostSchema,
  adminSettingsSchema,
  adminStatsSchema,
  adminUserAccountSchema,
  adminUserSchema,
  blogPostSchema,
  blogPostUpdateSchema,
  closedOwnerToolSchema,
  postImageFormSchema,
  postImageSchema,
  postPreviewSchema,
  changeRequestApprovalSchema,
  changeRequestDecisionSchema,
  changeRequestParamsSchema,
  editorialReviewSchema,
  postParamsSchema,
  premiumChangeSchema,
  rejectChangeSchema,
  rejectSchema,
  toolHistorySchema,
  toolParamsSchema,
  toolPremiumSchema,
  toolUpdateSchema,
  unlistSchema,
  userParamsSchema,
  userUpdateSchema,
} from './admin';
import { accountEmailSchema, changeEmailSchema, verifyEmailCodeSchema } from './account-email';
import {
  accountDataSchema,
  avatarFormSchema,
  deviceParamsSchema,
  deviceSessionSchema,
  profileSchema,
  signedOutSchema,
} from './account-settings';
import {
  claimEmailSchema,
  claimOutcomeSchema,
  claimParamsSchema,
  confirmClaimCodeSchema,
  memberClaimSchema,
  startClaimSchema,
  startedClaimSchema,
} from './claims';
import { accountClosedSchema, closeAccountSchema, closingStateSchema } from './account-closing';
import {
  recoveryCodesSchema,
  twoFactorCodeSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from './account-two-factor';
import { changePasswordSchema, forgotPasswordSchema, passwordStateSchema } from './account-password';
import { curatedAlternativesInputSchema, curatedAlternativesSchema } from './alternatives';
import { discontinueSchema } from './discontinued';
import {
  acknowledgeReportSchema,
  adminReportGroupSchema,
  adminReportSchema,
  adminReportsQuerySchema,
  mergeReportSchema,
  reportParamsSchema,
  reportSchema,
  reportSentSchema,
  resolveReportSchema,
} from './reports';
import {
  followOutcomeSchema,
  followSchema,
  followStateSchema,
  followTargetSchema,
  savedToolsSchema,
  saveToolSchema,
} from './follows';
import {
  adminIssueSchema,
  issueIntroSchema,
  issueParamsSchema,
  issuePreviewSchema,
  scheduleIssueSchema,
  subscribeSchema,
} from './newsletter';
import { loginSchema, registerSchema } from './auth';
import {
  adminContactMessageSchema,
  contactMessageParamsSchema,
  contactSchema,
  contactSentSchema,
  outboxEmailSchema,
} from './mail';
import { postSearchAnswerSchema, postSearchQuerySchema, publicPostSchema } from './blog';
import { messageSchema, okSchema, slugParamsSchema } from './common';
import { metricsQuerySchema, toolMetricsSchema, toolMetricsSummarySchema } from './metrics';
import { adminClaimSchema, adminClaimsQuerySchema, ownedToolSchema, revokeClaimSchema } from './owners';
import { badgeToolSchema } from './badges';
import { checkoutSchema, membershipSchema, portalSchema, upgradeSchema } from './premium';
import {
  changeRequestSchema,
  ownToolParamsSchema,
  submissionSchema,
  userChangeRequestSchema,
  userToolSchema,
  userToolStatsSchema,
} from './submissions';
import {
  pageQuerySchema,
  publicToolDetailSchema,
  userToolsQuerySchema,
  toolFacetsSchema,
  toolListAnswerSchema,
  toolListQuerySchema,
  toolRecordSchema,
} from './tools';
import { linkHealthQuerySchema, linkHealthRowSchema, linkRecheckSchema } from './link-health';
import { toolImageFormSchema, toolImageSchema } from './tool-assets';
import { currentUserSchema } from './user';
import { adminQueueEntrySchema, requestChangesSchema, userQueueSchema } from './queue';
import {
  accountManagerSchema,
  adminFlagSchema,
  adminPremiumMemberSchema,
  adminPremiumSchema,
  bookSlotSchema,
  earlyAccessSchema,
  flagParamsSchema,
  managerMessageSchema,
  memberParamsSchema,
  memberSlotSchema,
  moveSlotSchema,
  setAccountManagerSchema,
  setFlagSchema,
  slotCalendarSchema,
  slotParamsSchema,
} from './premium-benefits';

/**
 * What a route declares. `body` is a JSON body (the route wraps it in api/json-body.ts: no body is `{}`);
 * `multipart` names the fields of a form sent as multipart/form-data, which the route reads itself. `response` is the
 * answer's schema, or the schema per status when it is not 200. `paged`: the answer is one page of a list, and a
 * `Link: <...>; rel="next"` header names the next page while there is one.
 */
export interface EndpointSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  multipart?: z.ZodType;
  response: z.ZodType | Partial<Record<number, z.ZodType>>;
  paged?: true;
}

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export const endpoints = {
  // ---- Sign-in and the current user ----
  'GET /api/user': { response: currentUserSchema },
  'POST /api/register': { body: registerSchema, response: currentUserSchema },
  'POST /api/login': { body: loginSchema, response: currentUserSchema },
  'POST /api/logout': { response: okSchema },
  'POST /api/login/two-factor': { body: twoFactorCodeSchema, response: currentUserSchema },

  // ---- The account (/account's calls): two-factor sign-in (lib/contract/account-two-factor.ts) ----
  'GET /api/account/two-factor': { response: twoFactorStatusSchema },
  'POST /api/account/two-factor/setup': { response: twoFactorSetupSchema },
  'POST /api/account/two-factor/enable': { body: twoFactorCodeSchema, response: recoveryCodesSchema },
  'POST /api/account/two-factor/disable': { body: twoFactorCodeSchema, response: twoFactorStatusSchema },
  'POST /api/account/two-factor/recovery-codes': { body: twoFactorCodeSchema, response: recoveryCodesSchema },

  // ---- The account: profile, avatar, devices, data (lib/contract/account-settings.ts) ----
  'POST /api/account/profile': { body: profileSchema, response: currentUserSchema },
  'POST /api/account/avatar': { multipart: avatarFormSchema, response: currentUserSchema },
  'DELETE /api/account/avatar': { response: currentUserSchema },
  'GET /api/account/sessions': { response: z.array(deviceSessionSchema) },
  'POST /api/account/sessions/:id/sign-out': { params: deviceParamsSchema, response: signedOutSchema },
  'POST /api/account/sessions/sign-out-others': { response: signedOutSchema },
  'GET /api/account/data': { response: accountDataSchema },

  // ---- The account: password (lib/contract/account-password.ts) ----
  'POST /api/account/password/forgot': { body: forgotPasswordSchema, response: messageSchema },
  'GET /api/account/password': { response: passwordStateSchema },
  'POST /api/account/password': { body: changePasswordSchema, response: messageSchema },
  'POST /api/account/password/set-link': { response: messageSchema },

  // ---- The account: its address, verified and changed (lib/contract/account-email.ts) ----
  'GET /api/account/email': { response: accountEmailSchema },
  'POST /api/account/email': { body: changeEmailSchema, response: accountEmailSchema },
  'DELETE /api/account/email/change': { response: accountEmailSchema },
  'POST /api/account/email/verify': { body: verifyEmailCodeSchema, response: accountEmailSchema },
  'POST /api/account/email/verification': { response: accountEmailSchema },

  // ---- The account: closing it (lib/contract/account-closing.ts, docs/decisions/0097) ----
  'GET /api/account/close': { response: closingStateSchema },
  'POST /api/account/close/code': { response: messageSchema },
  'POST /api/account/close': { body: closeAccountSchema, response: accountClosedSchema },

  // ---- Claiming a listing (lib/contract/claims.ts, docs/decisions/0099) ----
  'GET /api/claims': { response: z.array(memberClaimSchema) },
  'POST /api/claims': { body: startClaimSchema, response: startedClaimSchema },
  'POST /api/claims/email': { body: claimEmailSchema, response: claimOutcomeSchema },
  'POST /api/claims/email/confirm': { body: confirmClaimCodeSchema, response: claimOutcomeSchema },
  'POST /api/claims/:id/check': { params: claimParamsSchema, response: claimOutcomeSchema },

  // ---- The catalogue and the blog ----
  'GET /api/tools': { query: toolListQuerySchema, response: toolListAnswerSchema },
  'GET /api/tools/facets': { query: toolListQuerySchema, response: toolFacetsSchema },
  'GET /api/tools/slug/:slug': { params: slugParamsSchema, response: publicToolDetailSchema },
  'GET /api/blog/posts': { response: z.array(publicPostSchema) },
  'GET /api/blog/posts/:slug': { params: slugParamsSchema, response: publicPostSchema },
  'GET /api/blog/search': { query: postSearchQuerySchema, response: postSearchAnswerSchema },

  // ---- A user's own tools ----
  'POST /api/tools': { multipart: submissionSchema, response: { 201: toolRecordSchema } },
  'PUT /api/user/tools/:id': { params: ownToolParamsSchema, multipart: submissionSchema, response: toolRecordSchema },
  'POST /api/user/tools/:id/resubmit': {
    params: ownToolParamsSchema,
    multipart: submissionSchema,
    response: toolRecordSchema,
  },
  'GET /api/user/tools': { query: userToolsQuerySchema, response: z.array(userToolSchema), paged: true },
  'GET /api/user/tools/stats': { response: userToolStatsSchema },
  'GET /api/user/tools/queue': { response: userQueueSchema },
  'GET /api/user/tools/:id': { params: ownToolParamsSchema, response: toolRecordSchema },
  'POST /api/tools/:id/change-requests': {
    params: ownToolParamsSchema,
    body: changeRequestSchema,
    response: { 201: userChangeRequestSchema },
  },
  'GET /api/user/change-requests': { response: z.array(userChangeRequestSchema) },
  'POST /api/tools/:id/images': {
    params: ownToolParamsSchema,
    multipart: toolImageFormSchema,
    response: { 201: toolImageSchema },
  },
  'GET /api/user/tools/metrics': { query: metricsQuerySchema, response: toolMetricsSummarySchema },
  'GET /api/user/tools/:id/metrics': {
    params: ownToolParamsSchema,
    query: metricsQuerySchema,
    response: toolMetricsSchema,
  },
  'GET /api/owners/tools': { response: z.array(ownedToolSchema) },
  'GET /api/user/badges': { response: z.array(badgeToolSchema) },

  // ---- Premium ----
  'POST /api/premium/upgrade': { body: upgradeSchema, response: checkoutSchema },
  'GET /api/premium/subscription': { response: membershipSchema },
  'POST /api/premium/portal': { response: portalSchema },
  'POST /api/premium/dev/cancel': { response: okSchema },

  // ---- Admin: tools ----
  'GET /api/admin/stats': { response: adminStatsSchema },
  'GET /api/admin/tools/pending': { response: z.array(adminPendingToolSchema) },
  'GET /api/admin/tools/pending/rejections': { response: z.array(pendingRejectionSchema) },
  'GET /api/admin/tools/pending/queue': { response: z.array(adminQueueEntrySchema) },
  'GET /api/admin/tools/approved': { response: z.array(adminApprovedToolSchema) },
  'GET /api/admin/tools/closed-owners': { response: z.array(closedOwnerToolSchema) },
  'GET /api/admin/tools/:id/history': { params: toolParamsSchema, response: toolHistorySchema },
  'POST /api/admin/tools/:id/approve': {
    params: toolParamsSchema,
    body: editorialReviewSchema,
    response: toolRecordSchema,
  },
  'POST /api/admin/tools/:id/reject': { params: toolParamsSchema, body: rejectSchema, response: toolRecordSchema },
  'POST /api/admin/tools/:id/request-changes': {
    params: toolParamsSchema,
    body: requestChangesSchema,
    response: adminQueueEntrySchema,
  },
  'PATCH /api/admin/tools/:id': { params: toolParamsSchema, body: toolUpdateSchema, response: toolRecordSchema },
  'POST /api/admin/tools/:id/premium': {
    params: toolParamsSchema,
    body: toolPremiumSchema,
    response: premiumChangeSchema,
  },
  'POST /api/admin/tools/:id/unlist': { params: toolParamsSchema, body: unlistSchema, response: toolRecordSchema },
  'POST /api/admin/tools/:id/list': { params: toolParamsSchema, response: toolRecordSchema },
  'POST /api/admin/tools/:id/discontinue': {
    params: toolParamsSchema,
    body: discontinueSchema,
    response: toolRecordSchema,
  },
  'POST /api/admin/tools/:id/revive': { params: toolParamsSchema, response: toolRecordSchema },
  'POST /api/admin/tools/:id/review': {
    params: toolParamsSchema,
    body: editorialReviewSchema,
    response: adminEditorialReviewSchema,
  },
  'GET /api/admin/tools/:id/alternatives': { params: toolParamsSchema, response: curatedAlternativesSchema },
  'PUT /api/admin/tools/:id/alternatives': {
    params: toolParamsSchema,
    body: curatedAlternativesInputSchema,
    response: curatedAlternativesSchema,
  },

  // ---- Admin: claims of listings ----
  'GET /api/admin/claims': { query: adminClaimsQuerySchema, response: z.array(adminClaimSchema) },
  'POST /api/admin/claims/:id/revoke': {
    params: claimParamsSchema,
    body: revokeClaimSchema,
    response: adminClaimSchema,
  },

  // ---- Admin: change requests, users, blog, settings ----
  'GET /api/admin/change-requests': { response: z.array(adminChangeRequestSchema) },
  'POST /api/admin/change-requests/:id/approve': {
    params: changeRequestParamsSchema,
    response: changeRequestApprovalSchema,
  },
  'POST /api/admin/change-requests/:id/reject': {
    params: changeRequestParamsSchema,
    body: rejectChangeSchema,
    response: changeRequestDecisionSchema,
  },
  'GET /api/admin/link-health': { query: linkHealthQuerySchema, response: z.array(linkHealthRowSchema) },
  'POST /api/admin/link-health/:id/recheck': { params: toolParamsSchema, response: linkRecheckSchema },
  'POST /api/admin/link-health/:id/ignore-blocked': { params: toolParamsSchema, response: linkHealthRowSchema },
  'GET /api/admin/users': { response: z.array(adminUserSchema) },
  'PATCH /api/admin/users/:id': { params: userParamsSchema, body: userUpdateSchema, response: adminUserSchema },
  'GET /api/admin/users/accounts': { response: z.array(adminUserAccountSchema) },
  'POST /api/admin/users/:id/password-reset': { params: userParamsSchema, response: messageSchema },
  'GET /api/admin/blog/posts': { response: z.array(adminPostSchema) },
  'POST /api/admin/blog/posts': { body: blogPostSchema, response: adminPostSchema },
  'PATCH /api/admin/blog/posts/:id': {
    params: postParamsSchema,
    body: blogPostUpdateSchema,
    response: adminPostSchema,
  },
  'POST /api/admin/blog/preview': { body: blogPostSchema, response: postPreviewSchema },
  'POST /api/admin/blog/images': { multipart: postImageFormSchema, response: { 201: postImageSchema } },
  'GET /api/admin/settings': { response: adminSettingsSchema },
  'POST /api/admin/rebuild': { response: { 202: messageSchema } },
  // ---- The contact form, the Messages tab and the development outbox (lib/contract/mail.ts) ----
  'POST /api/contact': { body: contactSchema, response: { 201: contactSentSchema } },
  'GET /api/admin/messages': { query: pageQuerySchema, response: z.array(adminContactMessageSchema), paged: true },
  'POST /api/admin/messages/:id/handled': { params: contactMessageParamsSchema, response: adminContactMessageSchema },
  'GET /api/admin/outbox': { response: z.array(outboxEmailSchema) },
  // ---- The newsletter (lib/contract/newsletter.ts, docs/decisions/0106) ----
  'POST /api/newsletter/subscribe': { body: subscribeSchema, response: { 202: messageSchema } },
  // ---- Reader reports and the Reports tab (lib/contract/reports.ts, docs/decisions/0101) ----
  'POST /api/reports': { body: reportSchema, response: { 201: reportSentSchema } },
  'GET /api/admin/reports': { query: adminReportsQuerySchema, response: z.array(adminReportGroupSchema) },
  'POST /api/admin/reports/:id/acknowledge': {
    params: reportParamsSchema,
    body: acknowledgeReportSchema,
    response: adminReportSchema,
  },
  'POST /api/admin/reports/:id/resolve': {
    params: reportParamsSchema,
    body: resolveReportSchema,
    response: adminReportSchema,
  },
  'POST /api/admin/reports/:id/merge': {
    params: reportParamsSchema,
    body: mergeReportSchema,
    response: adminReportSchema,
  },
  // ---- Following, saved tools (lib/contract/follows.ts, docs/decisions/0108) ----
  'POST /api/follows': { body: followSchema, response: { 201: followOutcomeSchema } },
  'POST /api/follows/unfollow': { body: followTargetSchema, response: followOutcomeSchema },
  'GET /api/follows/state': { query: followTargetSchema, response: followStateSchema },
  'GET /api/saved-tools': { response: savedToolsSchema },
  'POST /api/saved-tools': { body: saveToolSchema, response: { 201: messageSchema } },
  'DELETE /api/saved-tools/:slug': { params: slugParamsSchema, response: messageSchema },
  // ---- The Premium benefits that are sold (lib/contract/premium-benefits.ts, docs/decisions/0110) ----
  'GET /api/premium/slots': { response: slotCalendarSchema },
  'POST /api/premium/slots': { body: bookSlotSchema, response: { 201: memberSlotSchema } },
  'PATCH /api/premium/slots/:id': { params: slotParamsSchema, body: moveSlotSchema, response: memberSlotSchema },
  'DELETE /api/premium/slots/:id': { params: slotParamsSchema, response: okSchema },
  'GET /api/early-access': { response: earlyAccessSchema },
  'GET /api/premium/account-manager': { response: accountManagerSchema },
  'POST /api/premium/account-manager/messages': { body: managerMessageSchema, response: { 201: contactSentSchema } },
  'GET /api/admin/premium': { response: adminPremiumSchema },
  'PUT /api/admin/premium/flags/:key': { params: flagParamsSchema, body: setFlagSchema, response: adminFlagSchema },
  'PUT /api/admin/premium/members/:id/account-manager': {
    params: memberParamsSchema,
    body: setAccountManagerSchema,
    response: adminPremiumMemberSchema,
  },
  // ---- The admin Newsletter tab: the weekly digest (lib/contract/newsletter.ts, docs/decisions/0107) ----
  'GET /api/admin/newsletter/issues': { response: z.array(adminIssueSchema) },
  'POST /api/admin/newsletter/draft': { response: adminIssueSchema },
  'PATCH /api/admin/newsletter/issues/:id': {
    params: issueParamsSchema,
    body: issueIntroSchema,
    response: adminIssueSchema,
  },
  'GET /api/admin/newsletter/issues/:id/preview': { params: issueParamsSchema, response: issuePreviewSchema },
  'POST /api/admin/newsletter/issues/:id/test': { params: issueParamsSchema, response: messageSchema },
  'POST /api/admin/newsletter/issues/:id/schedule': {
    params: issueParamsSchema,
    body: scheduleIssueSchema,
    response: adminIssueSchema,
  },
  'POST /api/admin/newsletter/issues/:id/unschedule': { params: issueParamsSchema, response: adminIssueSchema },
  'POST /api/admin/newsletter/issues/:id/send-now': { params: issueParamsSchema, response: adminIssueSchema },
} as const satisfies Record<`${HttpMethod} /${string}`, EndpointSchemas>;

export type Endpoints = typeof endpoints;
