// The three token proofs of a claim (docs/decisions/0099): a DNS TXT record under the tool's registrable domain, a
// <meta> tag on the tool's page, a file under /.well-known/ on its origin. Pages and files are fetched through the
// guarded client only, redirects kept on the tool's registrable domain; what a check finds is hashed and compared
// with the claim's stored hash in constant time (the token itself is never stored).
import { timingSafeEqual } from 'node:crypto';
import { CLAIM_PROOF, type TokenMethod } from '../../lib/claims';
import { LISTING_MSG } from '../../lib/listing-messages';
import { hashToken } from '../auth/sessions';
import { GuardedFetchError, guardedFetch, type GuardedResponse } from '../services/guarded-fetch';
import { resolver } from '../services/resolver';

/** A proof's fetch gives up after this long, redirects and body included. */
const PROOF_TIMEOUT_MS = 10_000;
/** The most of the tool's page read for its tag: enough for a page's <head>; a larger page is refused, never cut. */
const PAGE_MAX_BYTES = 512 * 1024;
/** The file holds one token: anything much longer is not the file we asked for. */
const FILE_MAX_BYTES = 4 * 1024;

/** What a check found: the token, or in words what was there instead. */
export type ProofOutcome = { found: true } | { found: false; message: string };

/** Where the proof of `method` goes for a tool at `toolUrl` whose registrable domain is `domain`. */
export function proofLocation(method: TokenMethod, toolUrl: string, domain: string): string {
  if (method === 'dns') return `${CLAIM_PROOF.dnsLabel}.${domain}`;
  if (method === 'meta') return toolUrl;
  return new URL(CLAIM_PROOF.filePath, toolUrl).href;
}

/** The exact text the member places: the TXT record's value, the whole tag, or the file's content. */
export function proofValue(method: TokenMethod, token: string): string {
  if (method === 'meta') return `<meta name="${CLAIM_PROOF.metaName}" content="${token}">`;
  return `${CLAIM_PROOF.valuePrefix}${token}`;
}

/** Whether any candidate is the token whose SHA-256 is `tokenHash`; each compared in constant time. */
function holdsToken(candidates: readonly string[], tokenHash: string): boolean {
  const stored = Buffer.from(tokenHash, 'hex');
  let found = false;
  for (const candidate of candidates) {
    const hashed = Buffer.from(hashToken(candidate), 'hex');
    // Every candidate is compared, so the time does not tell which one matched.
    if (hashed.length === stored.length && timingSafeEqual(hashed, stored)) found = true;
  }
  return found;
}

/** A value with or without the `aitools-verify=` prefix, as a token. */
const bareToken = (value: string): string => {
  const trimmed = value.trim();
  return trimmed.startsWith(CLAIM_PROOF.valuePrefix) ? trimmed.slice(CLAIM_PROOF.valuePrefix.length).trim() : trimmed;
};

const META_TAG = /<meta\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;
const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/**
 * The content of every `<meta name="aitools-verify">` in the HTML, whatever the attributes' order, quotes or case: a
 * tag's attributes read one by one, without an HTML parser (none is installed, and one tag needs none).
 */
function verifyMetaContents(html: string): string[] {
  const contents: string[] = [];
  for (const [, inside] of html.matchAll(META_TAG)) {
    const attributes = new Map<string, string>();
    for (const [, name, double, single, bare] of inside.matchAll(ATTRIBUTE)) {
      const key = name.toLowerCase();
      if (!attributes.has(key)) attributes.set(key, double ?? single ?? bare ?? '');
    }
    if (attributes.get('name')?.trim().toLowerCase() === CLAIM_PROOF.metaName && attributes.has('content'))
      contents.push(attributes.get('content') ?? '');
  }
  return contents;
}

/** What a refused or failed fetch of `url` says to the member. */
function fetchFailure(url: string, error: unknown): ProofOutcome {
  if (!(error instanceof GuardedFetchError)) throw error;
  if (error.reason === 'off-site') return { found: false, message: LISTING_MSG.claimOffSite(url) };
  if (error.reason === 'address') return { found: false, message: LISTING_MSG.claimPrivate(url) };
  if (error.reason === 'too-large')
    return { found: false, message: LISTING_MSG.claimTooLarge(url, Math.round(PAGE_MAX_BYTES / 1024)) };
  return { found: false, message: LISTING_MSG.claimUnreachable(url) };
}

/** GETs a proof's page or file through the guarded client, on the tool's registrable domain only. */
async function fetchProof(url: string, maxBytes: number, accept: string): Promise<GuardedResponse | ProofOutcome> {
  try {
    return await guardedFetch(url, { maxBytes, timeoutMs: PROOF_TIMEOUT_MS, redirects: 'same-site', accept });
  } catch (error) {
    return fetchFailure(url, error);
  }
}

const isOutcome = (value: GuardedResponse | ProofOutcome): value is ProofOutcome => 'found' in value;
const ok = (status: number) => status >= 200 && status < 300;

async function checkDns(name: string, tokenHash: string): Promise<ProofOutcome> {
  let records: string[][];
  try {
    records = await resolver().txt(name);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'ENOTFOUND' || code === 'ENODATA') return { found: false, message: LISTING_MSG.claimDnsNone(name) };
    return { found: false, message: LISTING_MSG.claimUnreachable(name) };
  }
  // A long TXT value arrives in strings of 255 bytes: a record is their concatenation.
  const values = records.map((strings) => strings.join('').trim());
  const tokens = values.filter((v) => v.startsWith(CLAIM_PROOF.valuePrefix)).map(bareToken);
  if (values.length === 0) return { found: false, message: LISTING_MSG.claimDnsNone(name) };
  return holdsToken(tokens, tokenHash) ? { found: true } : { found: false, message: LISTING_MSG.claimDnsWrong(name) };
}

async function checkMeta(url: string, tokenHash: string): Promise<ProofOutcome> {
  const page = await fetchProof(url, PAGE_MAX_BYTES, 'text/html,application/xhtml+xml');
  if (isOutcome(page)) return page;
  if (!ok(page.status)) return { found: false, message: LISTING_MSG.claimPageStatus(url, page.status) };
  const contents = verifyMetaContents(new TextDecoder().decode(page.body));
  if (contents.length === 0) return { found: false, message: LISTING_MSG.claimMetaNone(url) };
  return holdsToken(contents.map(bareToken), tokenHash)
    ? { found: true }
    : { found: false, message: LISTING_MSG.claimMetaWrong(url) };
}

async function checkFile(url: string, tokenHash: string): Promise<ProofOutcome> {
  const file = await fetchProof(url, FILE_MAX_BYTES, 'text/plain');
  if (isOutcome(file)) return file;
  if (file.status === 404) return { found: false, message: LISTING_MSG.claimFileNotFound(url) };
  if (!ok(file.status)) return { found: false, message: LISTING_MSG.claimPageStatus(url, file.status) };
  const lines = new TextDecoder().decode(file.body).split(/\r?\n/).map(bareToken).filter(Boolean);
  return holdsToken(lines, tokenHash) ? { found: true } : { found: false, message: LISTING_MSG.claimFileWrong(url) };
}

/** Looks for the token whose hash is `tokenHash` where `method` puts it, for the tool at `toolUrl` on `domain`. */
export function checkTokenProof(
  method: TokenMethod,
  { toolUrl, domain, tokenHash }: { toolUrl: string; domain: string; tokenHash: string },
): Promise<ProofOutcome> {
  const location = proofLocation(method, toolUrl, domain);
  if (method === 'dns') return checkDns(location, tokenHash);
  if (method === 'meta') return checkMeta(location, tokenHash);
  return checkFile(location, tokenHash);
}
