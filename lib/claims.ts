// Verified owners of a listing (docs/decisions/0099): how a member proves a tool is theirs, and the states of a claim.
// Pure: the API, the pages and the database schema read it.

/** The ways to prove ownership: a code e-mailed to an address on the tool's domain, a DNS TXT record, a <meta> tag on the tool's page, or a file under /.well-known/. */
export const CLAIM_METHODS = ['email', 'dns', 'meta', 'file'] as const;
export type ClaimMethod = (typeof CLAIM_METHODS)[number];

/**
 * pending: started, its proof not seen yet (a token lives 7 days); verified: proved, re-checked on schedule; lapsed: a
 * re-check kept failing past its grace; suspended: the tool's address moved to another domain; revoked: by an admin.
 */
export const CLAIM_STATUSES = ['pending', 'verified', 'lapsed', 'suspended', 'revoked'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long each step of a claim lives or waits (docs/decisions/0099). */
export const CLAIM_TIMES = {
  /** A DNS, meta or file token works this long after it was shown; then the member starts again for a new one. */
  tokenMs: 7 * DAY_MS,
  /** A proved DNS record, tag or file is checked again this often. */
  recheckMs: 30 * DAY_MS,
  /** An owner proved by e-mail confirms with a new code this often. */
  confirmMs: 365 * DAY_MS,
  /** A failing re-check (or an unconfirmed year) lapses the claim after this long. */
  graceMs: 14 * DAY_MS,
  /** The owner is reminded this long before the grace ends. */
  reminderMs: 3 * DAY_MS,
} as const;

/** Where each proof goes and what it carries: the member copies them from the claim screen. */
export const CLAIM_PROOF = {
  /** The DNS TXT record's name is this label under the tool's registrable domain. */
  dnsLabel: '_aitools-verify',
  /** The TXT record's value, and the file's content, is the token after this prefix (the file may hold the bare token). */
  valuePrefix: 'aitools-verify=',
  /** The <meta name> on the tool's page. */
  metaName: 'aitools-verify',
  /** The file's path on the tool's origin. */
  filePath: '/.well-known/aitools-verify.txt',
} as const;

/** The methods whose proof is a token the member places (the e-mail method uses a code instead). */
export const TOKEN_METHODS = ['dns', 'meta', 'file'] as const satisfies readonly ClaimMethod[];
export type TokenMethod = (typeof TOKEN_METHODS)[number];

/**
 * Free-mail providers: anyone can have an address there, so such an address never proves a tool. `*` stands for any
 * country ending (gmx.de, yandex.ru).
 */
const FREE_MAIL = [
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'outlook.*',
  'hotmail.com',
  'hotmail.*',
  'live.com',
  'live.*',
  'msn.com',
  'yahoo.com',
  'yahoo.*',
  'ymail.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'protonmail.ch',
  'pm.me',
  'tutanota.com',
  'tuta.io',
  'gmx.*',
  'web.de',
  'mail.com',
  'mail.ru',
  'inbox.ru',
  'bk.ru',
  'list.ru',
  'yandex.*',
  'ya.ru',
  'qq.com',
  '163.com',
  '126.com',
  'sina.com',
  'zoho.com',
  'fastmail.com',
  'hey.com',
  'duck.com',
];

/** Whether an e-mail domain (any case, a subdomain too) is a free-mail provider's. */
export function isFreeMail(domain: string): boolean {
  const labels = domain.toLowerCase().replace(/\.$/, '').split('.');
  const host = labels.join('.');
  // The provider's name before a country ending: gmx.de, yandex.ru, and the two-label ones, gmx.co.uk, yandex.com.tr.
  const name = ['co', 'com'].includes(labels.at(-2) ?? '') ? labels.at(-3) : labels.at(-2);
  return FREE_MAIL.some((entry) =>
    entry.endsWith('.*') ? name === entry.slice(0, -2) : host === entry || host.endsWith(`.${entry}`),
  );
}

/** Each method as the claim screen names it. */
export const CLAIM_METHOD_LABELS: Record<ClaimMethod, string> = {
  email: 'E-mail code',
  dns: 'DNS record',
  meta: 'Meta tag',
  file: 'Well-known file',
};

/** Each status as the claim screen shows it. */
export const CLAIM_STATUS_LABELS: Record<ClaimStatus, string> = {
  pending: 'Pending',
  verified: 'Verified',
  lapsed: 'Lapsed',
  suspended: 'Suspended',
  revoked: 'Revoked',
};

/** A claim's state as a badge's colour: verified green, pending neutral, an ended claim in warning colours. */
export const CLAIM_STATUS_TONES: Record<ClaimStatus, string> = {
  pending: 'badge-ghost',
  verified: 'badge-success',
  lapsed: 'badge-warning',
  suspended: 'badge-warning',
  revoked: 'badge-error',
};
