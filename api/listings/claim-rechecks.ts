// Verified owners' proofs checked again (docs/decisions/0099): every 30 days (e-mail owners confirm yearly), lapsing
// after 14 days of grace. Placeholder: filled by the verified-owners (claiming) work.

/** Starts the daily re-checks (under the worker lease); returns what stops them. */
export function startClaimRechecks(): () => void {
  return () => {};
}
