// The database schema: every entity of SPEC.md section 3 plus what the product needs around them.
import { sql } from 'drizzle-orm';
import {
  type AnySQLiteColumn,
  sqliteTable,
  integer,
  text,
  index,
  primaryKey,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core';
import { ACCOUNT_STATUSES, ROLES, PRICING_MODELS, type CategoryId } from '../lib/categories';
import { CLAIM_METHODS, CLAIM_STATUSES } from '../lib/claims';
import { CONTACT_TOPICS } from '../lib/contact';
import type { BuildStats } from '../lib/contract/admin';
import { PLANS } from '../lib/contract/premium';
import type { RequestedChanges } from '../lib/contract/submissions';
import { FLAG_AUDIENCES } from '../lib/feature-flags';
import { LINK_OUTCOMES, LINK_STATES } from '../lib/link-health';
import {
  ALERT_CADENCES,
  CONSENT_SOURCES,
  FOLLOW_EVENT_KINDS,
  ISSUE_STATUSES,
  SUBSCRIBER_STATUSES,
  SUPPRESSION_REASONS,
} from '../lib/newsletter';
import { POST_STATUS, POST_STATUSES } from '../lib/post-status';
import { REPORT_RESOLUTIONS, REPORT_STATES, REPORT_TYPES } from '../lib/reports';
import { REJECTION_CODES } from '../lib/review-queue';
import { CHANGE_REQUEST_STATUS, CHANGE_REQUEST_STATUSES, INITIAL_TOOL_STATUS, TOOL_STATUSES } from '../lib/tool-status';

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;
const createdAt = () => integer({ mode: 'timestamp_ms' }).notNull().default(now);
export type { BuildStats };

const stringList = <T extends string = string>() => text({ mode: 'json' }).$type<T[]>();

export const users = sqliteTable(
  'users',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    email: text().notNull(),
    // Argon2id hash from Bun.password; null for accounts that only sign in with Google.
    password: text(),
    firstName: text(),
    lastName: text(),
    profileImageUrl: text(),
    isAdmin: integer({ mode: 'boolean' }).notNull().default(false),
    isPremium: integer({ mode: 'boolean' }).notNull().default(false),
    premiumToolsAllowed: integer().notNull().default(0),
    premiumToolsUsed: integer().notNull().default(0),
    role: text({ length: 50, enum: ROLES }).notNull().default('user'),
    accountStatus: text({ length: 20, enum: ACCOUNT_STATUSES }).notNull().default('active'),
    suspendedUntil: integer({ mode: 'timestamp_ms' }),
    suspensionReason: text(),
    stripeCustomerId: text(),
    paymentCustomerId: text(),
    stripeSubscriptionId: text(),
    // The plan Premium was bought on (monthly | annual; the mock upgrade's too); null without Premium.
    premiumPlan: text({ length: 20, enum: PLANS }),
    premiumUntil: integer({ mode: 'timestamp_ms' }),
    googleId: text(),
    // When the address was proved by a link or code sent to it (a Google sign-in proves it too); null: not yet.
    emailVerifiedAt: integer({ mode: 'timestamp_ms' }),
    // The authenticator app's shared secret (base32, RFC 6238), set once enrolment is confirmed; null: two-factor off.
    twoFactorSecret: text(),
    twoFactorEnabledAt: integer({ mode: 'timestamp_ms' }),
    // When the member closed the account (docs/decisions/0092): signed out everywhere, restorable until the personal
    // data is removed 30 days later, when deletedAt is set and the row keeps only what the listings need.
    closedAt: integer({ mode: 'timestamp_ms' }),
    deletedAt: integer({ mode: 'timestamp_ms' }),
    // A Premium member's account manager: the staff member an admin assigned (docs/decisions/0110).
    accountManagerId: integer().references((): AnySQLiteColumn => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    index('users_closed_idx').on(t.closedAt),
    uniqueIndex('users_google_id_unique').on(t.googleId),
    index('users_stripe_customer_idx').on(t.stripeCustomerId),
  ],
);

// A session row; sid is the SHA-256 hash (hex) of the random token in the cookie,
// so a leaked database cannot be replayed as cookies.
export const sessions = sqliteTable(
  'sessions',
  {
    sid: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sess: text({ mode: 'json' }).$type<{ userAgent?: string; ip?: string }>().notNull(),
    createdAt: createdAt(),
    // When the session was last used, to the hour (it moves with the idle expiry): the account's list of devices.
    lastUsedAt: integer({ mode: 'timestamp_ms' }),
    // Idle expiry: moved forward on use, never past absoluteExpire.
    expire: integer({ mode: 'timestamp_ms' }).notNull(),
    absoluteExpire: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expire_idx').on(t.expire)],
);

export const tools = sqliteTable(
  'tools',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    name: text({ length: 255 }).notNull(),
    slug: text({ length: 255 }).notNull(),
    url: text({ length: 500 }).notNull(),
    // Normalised url (lowercase host without www, no trailing slash) for duplicate checks.
    urlKey: text({ length: 500 }).notNull(),
    description: text().notNull(),
    logoUrl: text({ length: 500 }),
    tags: stringList<CategoryId>().notNull().default(sql`'[]'`),
    pricingModel: text({ length: 50, enum: PRICING_MODELS }),
    targetAudience: stringList().notNull().default(sql`'[]'`),
    screenshots: stringList().notNull().default(sql`'[]'`),
    videoUrl: text({ length: 500 }),
    // Custom branding of a premium listing (#rrggbb; an https address or /uploads/ path), shown only while premium.
    brandColor: text({ length: 7 }),
    coverImage: text({ length: 500 }),
    status: text({ length: 50, enum: TOOL_STATUSES }).notNull().default(INITIAL_TOOL_STATUS),
    isPremium: integer({ mode: 'boolean' }).notNull().default(false),
    // Premium the tool lost when its owner's membership ended: given back when they subscribe again (decision 0052).
    premiumLapsed: integer({ mode: 'boolean' }).notNull().default(false),
    submittedById: integer()
      .notNull()
      .references(() => users.id),
    curatorTake: text(),
    qualityScore: integer(),
    rejectionReason: text(),
    // The reason picked from the list when rejecting (lib/review-queue.ts); rejectionReason is the editor's note.
    rejectionCode: text({ length: 30, enum: REJECTION_CODES }),
    // An editor asked for changes instead of rejecting: the tool stays pending in its place until the owner edits it.
    changesRequestedAt: integer({ mode: 'timestamp_ms' }),
    changesRequestedNote: text(),
    unlistReason: text(),
    // Marked discontinued by an admin (status 'discontinued'): when, why, and a Wayback Machine copy of its site.
    discontinuedAt: integer({ mode: 'timestamp_ms' }),
    discontinuedReason: text(),
    archiveUrl: text({ length: 500 }),
    submittedAt: createdAt(),
    approvedAt: integer({ mode: 'timestamp_ms' }),
    updatedAt: createdAt(),
    // When an editor last reviewed it (approval or follow-up): the directory's "Recently reviewed" order.
    lastReviewedAt: integer({ mode: 'timestamp_ms' }),
  },
  (t) => [
    uniqueIndex('tools_slug_unique').on(t.slug),
    index('tools_url_key_idx').on(t.urlKey),
    index('tools_submitted_by_idx').on(t.submittedById),
    // The public order: premium first, then quality score, then newest.
    index('tools_public_order_idx').on(t.status, t.isPremium, t.qualityScore, t.approvedAt),
    // The public API's other orders (/api/v1/tools?sort=newest|name): a page reads the index, not a sort of every tool.
    index('tools_public_newest_idx').on(t.status, t.approvedAt),
    index('tools_public_name_idx').on(t.status, sql`${t.name} collate nocase`),
    // The directory's other orders (GET /api/tools?sort=rating|reviewed), each read from an index.
    index('tools_public_rating_idx').on(t.status, t.qualityScore, t.approvedAt),
    index('tools_public_reviewed_idx').on(t.status, t.lastReviewedAt),
    // The directory's facets (db/queries/directory.ts): every public tool's pricing, score and categories, grouped in
    // this order, read from the index alone.
    index('tools_public_facets_idx').on(t.status, t.pricingModel, t.qualityScore, t.tags),
  ],
);

export const editorialReviews = sqliteTable(
  'editorial_reviews',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    toolId: integer()
      .notNull()
      .references(() => tools.id, { onDelete: 'cascade' }),
    curatorTake: text().notNull(),
    qualityScore: integer().notNull(),
    reviewedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: createdAt(),
    isFollowUp: integer({ mode: 'boolean' }).notNull().default(false),
  },
  (t) => [index('editorial_reviews_tool_idx').on(t.toolId, t.reviewedAt)],
);

// An editor's picks of alternatives to a tool, shown first on its page, in `position` order (decision 0045).
export const toolAlternatives = sqliteTable(
  'tool_alternatives',
  {
    toolId: integer()
      .notNull()
      .references(() => tools.id, { onDelete: 'cascade' }),
    alternativeId: integer()
      .notNull()
      .references(() => tools.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.toolId, t.alternativeId] }),
    uniqueIndex('tool_alternatives_position_unique').on(t.toolId, t.position),
  ],
);

export const changeRequests = sqliteTable(
  'change_requests',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    toolId: integer()
      .notNull()
      .references(() => tools.id, { onDelete: 'cascade' }),
    submittedById: integer()
      .notNull()
      .references(() => users.id),
    requestData: text({ mode: 'json' }).$type<RequestedChanges>().notNull(),
    status: text({ length: 50, enum: CHANGE_REQUEST_STATUSES }).notNull().default(CHANGE_REQUEST_STATUS.pending),
    submittedAt: createdAt(),
    reviewedAt: integer({ mode: 'timestamp_ms' }),
    reviewedById: integer().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('change_requests_tool_idx').on(t.toolId, t.status),
    index('change_requests_user_idx').on(t.submittedById),
  ],
);

export const blogPosts = sqliteTable(
  'blog_posts',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    title: text({ length: 255 }).notNull(),
    slug: text({ length: 255 }).notNull(),
    excerpt: text(),
    // Sanitised HTML (lib/sanitize.ts) — never stored raw.
    content: text().notNull(),
    featuredImage: text(),
    category: text(),
    tags: stringList().notNull().default(sql`'[]'`),
    authorId: integer()
      .notNull()
      .references(() => users.id),
    status: text({ length: 20, enum: POST_STATUSES }).notNull().default(POST_STATUS.draft),
    readTime: text(),
    publishedAt: integer({ mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [uniqueIndex('blog_posts_slug_unique').on(t.slug), index('blog_posts_status_idx').on(t.status, t.publishedAt)],
);

// Verified owners of a listing (docs/decisions/0099): one row per member and tool, whatever the method; a tool may have
// several. The token of a DNS, meta or file proof is shown once and kept as its SHA-256 only.
export const toolOwners = sqliteTable(
  'tool_owners',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    toolId: integer()
      .notNull()
      .references(() => tools.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: text({ length: 10, enum: CLAIM_METHODS }).notNull(),
    status: text({ length: 20, enum: CLAIM_STATUSES }).notNull().default('pending'),
    // SHA-256 (hex) of the token a DNS record, meta tag or file must carry; null for the e-mail method.
    tokenHash: text(),
    // The address on the tool's domain that received the code (e-mail method).
    email: text(),
    // The tool's registrable domain (eTLD+1) when the claim was proved: a move to another domain suspends it.
    domain: text({ length: 255 }).notNull(),
    createdAt: createdAt(),
    // A pending claim's token stops working then (7 days).
    expiresAt: integer({ mode: 'timestamp_ms' }),
    verifiedAt: integer({ mode: 'timestamp_ms' }),
    lastCheckedAt: integer({ mode: 'timestamp_ms' }),
    // When the proof is due to be checked again (30 days; a year for e-mail owners, who confirm).
    recheckDueAt: integer({ mode: 'timestamp_ms' }),
    // A re-check failed: the claim lapses then (14 days of grace) unless a check passes first.
    graceUntil: integer({ mode: 'timestamp_ms' }),
    endedAt: integer({ mode: 'timestamp_ms' }),
    endedById: integer().references(() => users.id, { onDelete: 'set null' }),
    endReason: text(),
  },
  (t) => [
    uniqueIndex('tool_owners_tool_user_unique').on(t.toolId, t.userId),
    index('tool_owners_user_idx').on(t.userId, t.status),
    index('tool_owners_status_idx').on(t.status, t.recheckDueAt),
  ],
);

// Reader reports (docs/decisions/0101): one row per open problem of a tool; a repeat is a vote on it (report_votes).
export const reports = sqliteTable(
  'reports',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    // The reference the reporter is given (e.g. R-7KQ2M9); never the row id.
    reference: text({ length: 20 }).notNull(),
    toolId: integer()
      .notNull()
      .references(() => tools.id, { onDelete: 'cascade' }),
    type: text({ length: 30, enum: REPORT_TYPES }).notNull(),
    // The type's structured fields (the right price, the duplicate's address, ...).
    details: text({ mode: 'json' }).$type<Record<string, string>>().notNull().default(sql`'{}'`),
    message: text().notNull().default(''),
    state: text({ length: 20, enum: REPORT_STATES }).notNull().default('new'),
    resolution: text({ length: 20, enum: REPORT_RESOLUTIONS }),
    // The editor's note on acknowledging or resolving.
    note: text(),
    // Resolved with a change to the listing: the tool's public history says so (tool_notes), never who reported.
    changedListing: integer({ mode: 'boolean' }).notNull().default(false),
    duplicateOfId: integer(),
    // How many people reported it (the first and every "+1").
    votes: integer().notNull().default(1),
    createdAt: createdAt(),
    lastReportedAt: createdAt(),
    acknowledgedAt: integer({ mode: 'timestamp_ms' }),
    resolvedAt: integer({ mode: 'timestamp_ms' }),
    handledById: integer().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('reports_reference_unique').on(t.reference),
    index('reports_tool_idx').on(t.toolId, t.type, t.state),
    index('reports_state_idx').on(t.state, t.createdAt),
  ],
);

// Who reported (or "+1"ed) a report: a keyed hash of their address or account, so a repeat counts once, and the
// address to tell the outcome to when they left one.
export const reportVotes = sqliteTable(
  'report_votes',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    reportId: integer()
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    voterKey: text().notNull(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    email: text(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('report_votes_voter_unique').on(t.reportId, t.voterKey)],
);

// Lines of a tool's public history that are not editorial reviews ("Pricing corrected after a reader report").
export const toolNotes = sqliteTable(
  'tool_notes',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    toolId: integer()
      .notNull()
      .references(() => tools.id, { onDelete: 'cascade' }),
    text: text().notNull(),
    // Where it came from: 'report' (a resolved reader report), ...
    source: text({ length: 20 }).notNull(),
    sourceId: integer(),
    createdAt: createdAt(),
  },
  (t) => [index('tool_notes_tool_idx').on(t.toolId, t.createdAt)],
);

// Each approved tool's link health now (docs/decisions/0102): the state a run of daily checks led to.
export const linkHealth = sqliteTable(
  'link_health',
  {
    toolId: integer()
      .primaryKey()
      .references(() => tools.id, { onDelete: 'cascade' }),
    state: text({ length: 10, enum: LINK_STATES }).notNull().default('healthy'),
    // Failing days in a row (one success resets it).
    failStreak: integer().notNull().default(0),
    lastOutcome: text({ length: 10, enum: LINK_OUTCOMES }),
    lastStatus: integer(),
    lastCheckedAt: integer({ mode: 'timestamp_ms' }),
    // The first failing day of the current streak: "could not be reached since".
    failingSince: integer({ mode: 'timestamp_ms' }),
    // Where a "moved" check ended.
    movedTo: text({ length: 500 }),
    // The next daily check (spread over the day).
    nextCheckAt: integer({ mode: 'timestamp_ms' }),
    // An admin chose to ignore "blocked" until then (90 days).
    ignoreBlockedUntil: integer({ mode: 'timestamp_ms' }),
    // The last state the owners were e-mailed about (failing, down), so each is sent once.
    notifiedState: text({ length: 10, enum: LINK_STATES }),
  },
  (t) => [index('link_health_due_idx').on(t.nextCheckAt), index('link_health_state_idx').on(t.state)],
);

// Every check of a tool's address, kept 90 days.
export const linkChecks = sqliteTable(
  'link_checks',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    toolId: integer()
      .notNull()
      .references(() => tools.id, { onDelete: 'cascade' }),
    checkedAt: integer({ mode: 'timestamp_ms' }).notNull(),
    outcome: text({ length: 10, enum: LINK_OUTCOMES }).notNull(),
    // The final HTTP status, when one came.
    status: integer(),
    finalUrl: text({ length: 2000 }),
    // Why it failed (dns, tls, timeout, ...), or what blocked it.
    detail: text(),
    attempts: integer().notNull().default(1),
    durationMs: integer(),
  },
  (t) => [index('link_checks_tool_idx').on(t.toolId, t.checkedAt), index('link_checks_at_idx').on(t.checkedAt)],
);

// Single-use proofs sent to a member or held by a browser between two steps (docs/decisions/0092): a password reset
// link, an e-mail verification link and code, a sign-in waiting for its two-factor code, an enrolment waiting for its
// first code, a closing or a restoring waiting for confirmation. Only hashes are kept; a row is deleted once used.
export const verifications = sqliteTable(
  'verifications',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text({ length: 40 }).notNull(),
    // SHA-256 (hex) of the random token in the link or cookie.
    tokenHash: text().notNull(),
    // SHA-256 (hex) of a short code typed by hand (the e-mail's 6 digits), when the proof has one.
    codeHash: text(),
    // What the proof is for: the address being verified, a pending TOTP secret, the page to return to.
    target: text(),
    // Wrong codes typed against it: past a few the proof is spent.
    attempts: integer().notNull().default(0),
    expiresAt: integer({ mode: 'timestamp_ms' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('verifications_token_unique').on(t.tokenHash),
    index('verifications_user_idx').on(t.userId, t.purpose),
  ],
);

// Two-factor recovery codes: ten per enrolment, each usable once in place of an authenticator code; hashes only.
export const recoveryCodes = sqliteTable(
  'recovery_codes',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    usedAt: integer({ mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

// Every e-mail the product sends goes through this table first (dev mode keeps them here).
export const emailOutbox = sqliteTable(
  'email_outbox',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    to: text().notNull(),
    subject: text().notNull(),
    html: text().notNull(),
    text: text().notNull(),
    kind: text().notNull(),
    // The Reply-To header, when replies should not go to the sender address.
    replyTo: text(),
    // pending | sent | failed | dev (kept, not sent, because no provider key is set)
    status: text({ length: 20 }).notNull().default('pending'),
    attempts: integer().notNull().default(0),
    providerId: text(),
    error: text(),
    createdAt: createdAt(),
    sentAt: integer({ mode: 'timestamp_ms' }),
    // A retryable failure (429, 5xx, network) waits until then; null means send now.
    nextAttemptAt: integer({ mode: 'timestamp_ms' }),
    // Extra headers (List-Unsubscribe and List-Unsubscribe-Post on newsletter and alert e-mails, RFC 8058).
    headers: text({ mode: 'json' }).$type<Record<string, string>>(),
    // The provider's Idempotency-Key when it is not the row's own (a newsletter: per recipient and issue).
    idempotencyKey: text(),
    // The newsletter issue a digest e-mail belongs to: such rows go out through the batch API.
    issueId: integer().references(() => newsletterIssues.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('email_outbox_status_idx').on(t.status, t.createdAt),
    // A digest's send asks which readers already have their row, and counts an issue's rows: read from indexes, not
    // from a scan of every e-mail ever sent.
    index('email_outbox_idempotency_idx').on(t.idempotencyKey),
    index('email_outbox_issue_idx').on(t.issueId),
  ],
);

// Messages sent through the /contact form; a signed-in Premium member's are priority (the server decides).
export const contactMessages = sqliteTable(
  'contact_messages',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    name: text().notNull(),
    email: text().notNull(),
    topic: text({ length: 20, enum: CONTACT_TOPICS }).notNull(),
    message: text().notNull(),
    priority: integer({ mode: 'boolean' }).notNull().default(false),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    // The sender's account manager when it was sent: the message is theirs to answer first.
    managerId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    handledAt: integer({ mode: 'timestamp_ms' }),
    handledById: integer().references(() => users.id, { onDelete: 'set null' }),
  },
  // The Messages tab's order (api/contact/service.ts): open before handled, then a manager's own members' messages,
  // priority first, newest first; the index serves all but the second, which is per viewer.
  (t) => [index('contact_messages_queue_idx').on(t.handledAt, t.priority, t.createdAt)],
);

// Stripe webhook events already handled, so a redelivered event changes nothing twice.
export const paymentEvents = sqliteTable('payment_events', {
  id: text().primaryKey(),
  type: text().notNull(),
  processedAt: createdAt(),
});

// The state of each Stripe subscription as the newest event applied so far tells it. Stripe
// delivers out of order and retries for days: an event older than eventCreatedAt changes nothing.
export const subscriptions = sqliteTable(
  'subscriptions',
  {
    id: text().primaryKey(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    customerId: text(),
    // Stripe's status (active, trialing, past_due, canceled, ...)
    status: text({ length: 30 }).notNull(),
    // The created time of the newest event applied to this row.
    eventCreatedAt: integer({ mode: 'timestamp_ms' }).notNull(),
    currentPeriodEnd: integer({ mode: 'timestamp_ms' }),
    cancelAtPeriodEnd: integer({ mode: 'boolean' }).notNull().default(false),
    endedAt: integer({ mode: 'timestamp_ms' }),
    // The plan of its price (monthly | annual), when known.
    plan: text({ length: 20, enum: PLANS }),
    // Invoices: the created time of the newest invoice event applied, and when a payment failed (null once paid).
    invoiceEventAt: integer({ mode: 'timestamp_ms' }),
    paymentFailedAt: integer({ mode: 'timestamp_ms' }),
    updatedAt: createdAt(),
  },
  (t) => [index('subscriptions_user_idx').on(t.userId)],
);

export const rebuildJobs = sqliteTable(
  'rebuild_jobs',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    reason: text().notNull(),
    // queued | running | succeeded | failed
    status: text({ length: 20 }).notNull().default('queued'),
    requestedAt: createdAt(),
    startedAt: integer({ mode: 'timestamp_ms' }),
    finishedAt: integer({ mode: 'timestamp_ms' }),
    error: text(),
    // Builds tried for this job; a failed one is queued again after a backoff until the tries run out.
    attempts: integer().notNull().default(0),
    nextAttemptAt: integer({ mode: 'timestamp_ms' }),
    // The tags the change touched (lib/cache-tags.ts): until a build covers this job, the pages carrying them are
    // rendered on demand, and shared caches are told to drop them.
    tags: stringList().notNull().default([]),
    // The figures of the build that ran this job (pages, rendered, reused), once it succeeded.
    stats: text({ mode: 'json' }).$type<BuildStats>(),
  },
  (t) => [index('rebuild_jobs_status_idx').on(t.status, t.requestedAt)],
);

// Who did what to which entity, with the state before and after.
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    action: text().notNull(),
    entityType: text().notNull(),
    entityId: integer().notNull(),
    before: text({ mode: 'json' }).$type<Record<string, unknown> | null>(),
    after: text({ mode: 'json' }).$type<Record<string, unknown> | null>(),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entityType, t.entityId, t.createdAt)],
);

// Failed sign-in counters, per account and per client address, checked before any hash is computed.
export const loginThrottle = sqliteTable('login_throttle', {
  key: text().primaryKey(),
  failures: integer().notNull().default(0),
  windowStartedAt: integer({ mode: 'timestamp_ms' }).notNull(),
});

// Tool performance metrics (docs/decisions/0054): what is kept is the daily count per tool; the dedup rows and the
// day's secret that keys them exist only for the current UTC day and are deleted after it.
export const toolMetricsDaily = sqliteTable(
  'tool_metrics_daily',
  {
    toolId: integer()
      .notNull()
      .references(() => tools.id, { onDelete: 'cascade' }),
    // The UTC day, YYYY-MM-DD.
    day: text().notNull(),
    views: integer().notNull().default(0),
    clicks: integer().notNull().default(0),
    // Visits that came through the tool's badge on another site (/badge/{slug}.svg links with ?ref=badge).
    badgeVisits: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.toolId, t.day] })],
);

// One row per (address or its IPv6 /64, tool, kind) counted today: an HMAC under the day's secret, nothing readable.
export const metricsSeen = sqliteTable(
  'metrics_seen',
  {
    hash: text().primaryKey(),
    day: text().notNull(),
  },
  (t) => [index('metrics_seen_day_idx').on(t.day)],
);

// The secret that keys a day's hashes; deleted once the day is over, so its hashes can no longer be tested.
export const metricsDaySecrets = sqliteTable('metrics_day_secrets', {
  day: text().primaryKey(),
  secret: text().notNull(),
});

// Newsletter and alert recipients (docs/decisions/0105): one row per address, member or not. Double opt-in: pending
// until the confirmation page's button is pressed (a POST, so a mail scanner opening the link subscribes nobody);
// pending rows are forgotten after FORGET_UNCONFIRMED_DAYS. The consent record (when, from where, which text) stays.
export const subscribers = sqliteTable(
  'subscribers',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    // Lowercased.
    email: text().notNull(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    status: text({ length: 20, enum: SUBSCRIBER_STATUSES }).notNull().default('pending'),
    // SHA-256 (hex) of the token the confirmation e-mail carries; null once confirmed.
    confirmTokenHash: text(),
    confirmSentAt: integer({ mode: 'timestamp_ms' }),
    confirmedAt: integer({ mode: 'timestamp_ms' }),
    // The random token of the preference page and one-click unsubscribe links in every e-mail (no sign-in needed).
    manageToken: text().notNull(),
    // Receives the weekly digest.
    digest: integer({ mode: 'boolean' }).notNull().default(true),
    // Updates about what this address follows: in the weekly digest or at most one e-mail a day.
    cadence: text({ length: 10, enum: ALERT_CADENCES }).notNull().default('weekly'),
    consentAt: integer({ mode: 'timestamp_ms' }).notNull(),
    consentSource: text({ length: 20, enum: CONSENT_SOURCES }).notNull(),
    consentTextVersion: text().notNull(),
    unsubscribedAt: integer({ mode: 'timestamp_ms' }),
    // The newest follow event already sent to this address (follow_events.id): each event arrives once.
    alertsSentThrough: integer().notNull().default(0),
    lastAlertAt: integer({ mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('subscribers_email_unique').on(t.email),
    uniqueIndex('subscribers_manage_token_unique').on(t.manageToken),
    index('subscribers_user_idx').on(t.userId),
    index('subscribers_status_idx').on(t.status, t.createdAt),
  ],
);

// Addresses nothing is sent to any more: Resend's webhook reported a bounce or a complaint.
export const emailSuppressions = sqliteTable('email_suppressions', {
  // Lowercased.
  email: text().primaryKey(),
  reason: text({ length: 20, enum: SUPPRESSION_REASONS }).notNull(),
  // The webhook delivery that said so (svix-id), so a redelivery changes nothing twice.
  eventId: text(),
  createdAt: createdAt(),
});

// What an address follows: a tool or a category (one of the two is set).
export const follows = sqliteTable(
  'follows',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    subscriberId: integer()
      .notNull()
      .references(() => subscribers.id, { onDelete: 'cascade' }),
    toolId: integer().references(() => tools.id, { onDelete: 'cascade' }),
    category: text().$type<CategoryId>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('follows_tool_unique').on(t.subscriberId, t.toolId),
    uniqueIndex('follows_category_unique').on(t.subscriberId, t.category),
    index('follows_tool_idx').on(t.toolId),
    index('follows_category_idx').on(t.category),
  ],
);

// A follow asked for by a signed-out visitor for an address that is already confirmed (docs/decisions/0112): it counts
// only once the address's owner presses the button on the page its e-mail links to, so nobody can add follows to a
// stranger's address. One per address and target; dead after FOLLOW_CONFIRM_DAYS, and then deleted.
export const followRequests = sqliteTable(
  'follow_requests',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    subscriberId: integer()
      .notNull()
      .references(() => subscribers.id, { onDelete: 'cascade' }),
    toolId: integer().references(() => tools.id, { onDelete: 'cascade' }),
    category: text().$type<CategoryId>(),
    // SHA-256 (hex) of the token its e-mail carries.
    tokenHash: text().notNull(),
    // When its e-mail was last sent: a new one at most every CONFIRM_RESEND_MINUTES, the link dead after
    // FOLLOW_CONFIRM_DAYS.
    sentAt: integer({ mode: 'timestamp_ms' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('follow_requests_token_unique').on(t.tokenHash),
    uniqueIndex('follow_requests_tool_unique').on(t.subscriberId, t.toolId),
    uniqueIndex('follow_requests_category_unique').on(t.subscriberId, t.category),
    index('follow_requests_sent_idx').on(t.sentAt),
  ],
);

// Things that happened to a tool or in a category that followers hear about; dedupeKey makes each one a single row.
export const followEvents = sqliteTable(
  'follow_events',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    toolId: integer().references(() => tools.id, { onDelete: 'cascade' }),
    category: text().$type<CategoryId>(),
    kind: text({ length: 20, enum: FOLLOW_EVENT_KINDS }).notNull(),
    // What changed, for the e-mail's line (old and new score, old and new pricing, the alternative's id, ...).
    detail: text({ mode: 'json' }).$type<Record<string, unknown>>(),
    dedupeKey: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('follow_events_dedupe_unique').on(t.dedupeKey),
    index('follow_events_tool_idx').on(t.toolId, t.id),
    index('follow_events_category_idx').on(t.category, t.id),
  ],
);

// A signed-in member's saved tools ("Saved tools" on the dashboard).
export const savedTools = sqliteTable(
  'saved_tools',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toolId: integer()
      .notNull()
      .references(() => tools.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.toolId] }), index('saved_tools_user_idx').on(t.userId, t.createdAt)],
);

// The weekly digest's issues: drafted from the directory's data, edited (the intro), scheduled, sent; archived at
// /newsletter/{issueDate}. content is the snapshot the e-mail and the archive are rendered from.
export const newsletterIssues = sqliteTable(
  'newsletter_issues',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    // YYYY-MM-DD, the day it is sent: its address in the archive.
    issueDate: text().notNull(),
    status: text({ length: 20, enum: ISSUE_STATUSES }).notNull().default('draft'),
    intro: text().notNull().default(''),
    content: text({ mode: 'json' }).$type<Record<string, unknown>>(),
    // The week it covers: news from periodStart (inclusive) to periodEnd (exclusive).
    periodStart: integer({ mode: 'timestamp_ms' }).notNull(),
    periodEnd: integer({ mode: 'timestamp_ms' }).notNull(),
    scheduledFor: integer({ mode: 'timestamp_ms' }),
    sentAt: integer({ mode: 'timestamp_ms' }),
    recipients: integer().notNull().default(0),
    updatedById: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('newsletter_issues_date_unique').on(t.issueDate),
    index('newsletter_issues_status_idx').on(t.status),
  ],
);

// A Premium tool's featured slot in an issue (paid placement, shown apart from the editorial list).
export const newsletterSlots = sqliteTable(
  'newsletter_slots',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    // The issue it is booked into (newsletter_issues.issueDate, which may not be drafted yet).
    issueDate: text().notNull(),
    toolId: integer()
      .notNull()
      .references(() => tools.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Readers who followed the slot's link after the send.
    clicks: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('newsletter_slots_issue_tool_unique').on(t.issueDate, t.toolId),
    index('newsletter_slots_user_idx').on(t.userId, t.issueDate),
  ],
);

// Early-access features (lib/feature-flags.ts): who each is on for. A flag with no row has DEFAULT_FLAG_AUDIENCE.
export const featureFlags = sqliteTable('feature_flags', {
  key: text().primaryKey(),
  audience: text({ length: 20, enum: FLAG_AUDIENCES }).notNull(),
  updatedById: integer().references(() => users.id, { onDelete: 'set null' }),
  updatedAt: createdAt(),
});

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Tool = typeof tools.$inferSelect;
export type NewTool = typeof tools.$inferInsert;
export type EditorialReview = typeof editorialReviews.$inferSelect;
export type ChangeRequest = typeof changeRequests.$inferSelect;
export type BlogPost = typeof blogPosts.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type Subscription = typeof subscriptions.$inferSelect;
export type ContactMessage = typeof contactMessages.$inferSelect;
export type Verification = typeof verifications.$inferSelect;
export type ToolOwner = typeof toolOwners.$inferSelect;
export type Report = typeof reports.$inferSelect;
export type LinkHealth = typeof linkHealth.$inferSelect;
export type LinkCheck = typeof linkChecks.$inferSelect;
export type Subscriber = typeof subscribers.$inferSelect;
export type NewsletterIssue = typeof newsletterIssues.$inferSelect;
export type FollowEvent = typeof followEvents.$inferSelect;

// Work only one process of the deployment may do at a time (the rebuild worker and the other singletons,
// api/publishing/worker-lease.ts): taken with an expiry, renewed by its holder, taken over once it lapses.
export const leases = sqliteTable('leases', {
  name: text().primaryKey(),
  // Which process holds it (host:pid:random), and until when; a holder that stops renewing loses it at expiresAt.
  holder: text().notNull(),
  expiresAt: integer({ mode: 'timestamp_ms' }).notNull(),
  // The holder's last renewal: its heartbeat, which /healthz reads from any process.
  renewedAt: integer({ mode: 'timestamp_ms' }).notNull(),
});
