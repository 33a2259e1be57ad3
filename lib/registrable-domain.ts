// A host's registrable domain (eTLD+1, from the Public Suffix List through tldts), the unit a claim proves and a link
// check compares redirects by (docs/decisions/0099, 0102). Pure: the API and the pages read it.
import { parse } from 'tldts';

function hostOf(hostOrUrl: string): string {
  try {
    return new URL(hostOrUrl).hostname;
  } catch {
    return hostOrUrl;
  }
}

/**
 * The registrable domain of a host or address: `openai.com` for `https://chat.openai.com/x`, `acme.vercel.app` for a
 * site on a shared host (the list's private section counts, so two Vercel sites are two domains). Null for an IP
 * address or a name with no registrable part.
 */
export function registrableDomain(hostOrUrl: string): string | null {
  const parsed = parse(hostOf(hostOrUrl), { allowPrivateDomains: true });
  if (parsed.isIp) return null;
  return parsed.domain ?? null;
}

/**
 * Whether the host sits on a shared host of the list's private section (`*.vercel.app`, `*.github.io`, `*.hf.space`):
 * whoever controls an address there does not control the site, so such a tool is never claimable by e-mail.
 */
export function isSharedHost(hostOrUrl: string): boolean {
  return parse(hostOf(hostOrUrl), { allowPrivateDomains: true }).isPrivate === true;
}

/** Whether two hosts or addresses share a registrable domain. */
export function sameSite(a: string, b: string): boolean {
  const left = registrableDomain(a);
  return left !== null && left === registrableDomain(b);
}
