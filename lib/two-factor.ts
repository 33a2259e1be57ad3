// The sign-in's two-factor step as the API and the islands both see it (decision 0095). No schema here: the islands
// import it, and zod stays out of their bundles.

/**
 * The header of POST /api/login's 401 when the password was right but the account asks for its second factor: the
 * answer's body stays the spec's plain-text refusal, so a client that knows nothing of two-factor still sees a 401.
 */
export const TWO_FACTOR_HEADER = 'x-two-factor';
export const TWO_FACTOR_REQUIRED = 'required';
