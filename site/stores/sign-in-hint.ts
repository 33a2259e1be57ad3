// The sign-in hint cookie the server sets beside the session (which scripts cannot read): whether to ask for the
// user at all, and what a carried toast compares across a navigation.
const HINT = /(?:^|; )signed_in=1/;

export function hasSignInHint(): boolean {
  return typeof document !== 'undefined' && HINT.test(document.cookie);
}

/** Forgets the hint once the server said the session is over. */
export function dropSignInHint(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: one fixed string, synchronously before the page moves on; the Cookie Store API is async and missing from older browsers
  document.cookie = 'signed_in=; Max-Age=0; Path=/';
}
