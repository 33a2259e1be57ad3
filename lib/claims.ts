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
