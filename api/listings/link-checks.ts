// The daily check of every approved tool's address (docs/decisions/0102). Placeholder: filled by the link-health work.

/** Starts the checks (under the worker lease); returns what stops them. */
export function startLinkChecks(): () => void {
  return () => {};
}
