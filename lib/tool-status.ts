// A tool's statuses and the moves between them (SPEC.md section 4), and its change requests' statuses: the one place
// they are spelled, for the services, the queries, the database schema and the API contract.

export const TOOL_STATUSES = ['pending', 'approved', 'rejected', 'unlisted', 'discontinued'] as const;
export type ToolStatus = (typeof TOOL_STATUSES)[number];

/** Each status by name, so code says `TOOL_STATUS.pending` and a misspelt status is a type error. */
export const TOOL_STATUS = {
  pending: 'pending',
  approved: 'approved',
  rejected: 'rejected',
  unlisted: 'unlisted',
  /** Marked by an admin (docs/decisions/0103): its page stays, it leaves the directory and search. */
  discontinued: 'discontinued',
} as const satisfies { [S in ToolStatus]: S };

/** A new submission's status (and the column's default). */
export const INITIAL_TOOL_STATUS = TOOL_STATUS.pending;

/**
 * The only status the lists show (the directory, categories, home, search, feeds, alternatives and compare pools, the
 * API's lists): an unlisted tool is approved but hidden, a discontinued one left them (a visitor may ask for it back).
 */
export const PUBLIC_TOOL_STATUS = TOOL_STATUS.approved;

/**
 * The statuses whose tool has its own public pages (its page, Markdown, Open Graph image, sitemap entry): a
 * discontinued tool's page stays, saying so (docs/decisions/0103).
 */
export const PAGE_TOOL_STATUSES = [TOOL_STATUS.approved, TOOL_STATUS.discontinued] as const;

/** The "approved" side of the admin panel: approved tools, unlisted ones (data kept, hidden) and discontinued ones. */
export const APPROVED_SIDE_STATUSES = [TOOL_STATUS.approved, TOOL_STATUS.unlisted, TOOL_STATUS.discontinued] as const;

/**
 * Statuses whose tool holds its URL: a second tool with the same URL is refused. A rejected tool frees it; a
 * discontinued one keeps it (its page still names the address, and a revival needs it).
 */
export const URL_HOLDING_STATUSES = [
  TOOL_STATUS.pending,
  TOOL_STATUS.approved,
  TOOL_STATUS.unlisted,
  TOOL_STATUS.discontinued,
] as const;

/** The moves a moderator makes, each from the statuses it is allowed from to the status it leads to. */
export const TOOL_TRANSITIONS = {
  approve: { from: [TOOL_STATUS.pending], to: TOOL_STATUS.approved },
  reject: { from: [TOOL_STATUS.pending], to: TOOL_STATUS.rejected },
  unlist: { from: [TOOL_STATUS.approved], to: TOOL_STATUS.unlisted },
  list: { from: [TOOL_STATUS.unlisted], to: TOOL_STATUS.approved },
  /** Admins only (discontinue:tools): the site is gone for good; the page stays and says so. */
  discontinue: { from: [TOOL_STATUS.approved, TOOL_STATUS.unlisted], to: TOOL_STATUS.discontinued },
  /** A discontinued tool came back: listed again like any approved tool. */
  revive: { from: [TOOL_STATUS.discontinued], to: TOOL_STATUS.approved },
} as const satisfies Record<string, { from: readonly ToolStatus[]; to: ToolStatus }>;
type ToolTransition = keyof typeof TOOL_TRANSITIONS;

const among = (statuses: readonly ToolStatus[], status: string): boolean =>
  (statuses as readonly string[]).includes(status);

/** Whether a tool in `status` may make this move. */
export function canTransition(status: string, move: ToolTransition): boolean {
  return among(TOOL_TRANSITIONS[move].from, status);
}

export function isApprovedSide(status: string): boolean {
  return among(APPROVED_SIDE_STATUSES, status);
}

/** Whether the tool has its own public page (approved or discontinued): a change to it must reach that page. */
export function hasPublicPage(status: string): boolean {
  return among(PAGE_TOOL_STATUSES, status);
}

/** Staff edit pending, approved, unlisted and discontinued tools; a rejected tool is closed. */
export function isEditableByStaff(status: string): boolean {
  return status !== TOOL_STATUS.rejected;
}

/** Only approved tools take an owner's change request (and show Edit on the dashboard). */
export function takesChangeRequests(status: string): boolean {
  return status === TOOL_STATUS.approved;
}

/** A pending tool's slug follows its name; once a tool has been approved its URL is permanent. */
export function slugFollowsName(status: string): boolean {
  return status === TOOL_STATUS.pending;
}

export const CHANGE_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ChangeRequestStatus = (typeof CHANGE_REQUEST_STATUSES)[number];

export const CHANGE_REQUEST_STATUS = {
  pending: 'pending',
  approved: 'approved',
  rejected: 'rejected',
} as const satisfies { [S in ChangeRequestStatus]: S };
