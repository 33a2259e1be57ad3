// Claiming a listing (docs/decisions/0099): each proof against local servers and a stub DNS, through the guarded client
// (redirects kept on the tool's domain, private addresses refused), tokens kept as hashes and living 7 days, the e-mail
// code bound to member, tool and address, re-checks with a clock the test holds, and owners suspended by a domain move.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../api/auth/sessions';
import { runClaimRechecks } from '../../api/listings/claim-rechecks';
import { checkClaim, confirmClaimCode, sendClaimCode, startClaim } from '../../api/listings/claims';
import { useTestNetwork } from '../../api/services/resolver';
import { db } from '../../db/client';
import { toolOwners, type Tool, type User } from '../../db/schema';
import { ownerChangeTags } from '../../lib/cache-tags';
import { CLAIM_TIMES } from '../../lib/claims';
import { LISTING_MSG } from '../../lib/listing-messages';
import { MSG } from '../../lib/messages';
import { auditOf, emailsTo, makeChangeRequest, makeTool, NO_PASSWORD, rebuildsFor } from '../helpers/admin';
import { call, signedIn } from '../helpers/api';

const DAY = 24 * 60 * 60 * 1000;

/** What each made-up site answers: its page, its /.well-known file (null: 404), and redirects. */
interface Site {
  page?: string;
  file?: string | null;
  redirectTo?: string;
}
const sites: Record<string, Site> = {};
const txt: Record<string, string[][]> = {};
const hosts: Record<string, string> = {};

const server = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  fetch(request) {
    const url = new URL(request.url);
    const host = (request.headers.get('host') ?? '').split(':')[0];
    const site = sites[host] ?? {};
    if (site.redirectTo) return new Response(null, { status: 302, headers: { location: site.redirectTo } });
    if (url.pathname === '/.well-known/aitools-verify.txt') {
      return site.file == null ? new Response('Not found', { status: 404 }) : new Response(site.file);
    }
    return new Response(site.page ?? '<html><head><title>A tool</title></head><body>Hi</body></html>', {
      headers: { 'content-type': 'text/html' },
    });
  },
});

let restore: () => void;
beforeAll(() => {
  restore = useTestNetwork({ hosts, txt, loopbackPorts: [server.port as number] });
});
afterAll(() => {
  restore();
  server.stop(true);
});

let sitesMade = 0;
/** A listed tool at a made-up domain of its own served by the local server: the tool and its host. */
async function listedTool(values: Partial<Tool> = {}): Promise<{ tool: Tool; host: string }> {
  sitesMade += 1;
  const host = `acme${sitesMade}.test`;
  hosts[host] = '127.0.0.1';
  sites[host] = {};
  const tool = await makeTool({ status: 'approved', url: `http://${host}:${server.port}/`, ...values });
  return { tool, host };
}

const member = () => signedIn({ ...NO_PASSWORD, emailVerifiedAt: new Date() });
const claimOf = (toolId: number, userId: number) =>
  db.query.toolOwners.findFirst({ where: and(eq(toolOwners.toolId, toolId), eq(toolOwners.userId, userId)) });

async function start(cookie: string, toolSlug: string, method: string) {
  const res = await call('POST', '/api/claims', { cookie, body: { toolSlug, method } });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json() as Promise<{
    claim: { id: number; status: string; location: string };
    token: string;
    value: string;
  }>;
}
const check = async (cookie: string, id: number) => call('POST', `/api/claims/${id}/check`, { cookie });

/** A member with a verified meta claim of a new tool, proved at `now`. */
async function verifiedMetaOwner(now = Date.now()) {
  const { tool, host } = await listedTool();
  const { user, cookie } = await member();
  const { claim, token } = await startClaim(user, { toolSlug: tool.slug, method: 'meta' }, now);
  sites[host].page = `<head><meta name="aitools-verify" content="${token}"></head>`;
  const outcome = await checkClaim(user, claim.id, now);
  expect(outcome.verified).toBe(true);
  return { tool, host, user, cookie, claimId: claim.id, token };
}

describe('who may claim', () => {
  it('signed out: 401; a member whose address is not verified: 403 saying how to verify, nothing written', async () => {
    const { tool } = await listedTool();
    expect((await call('POST', '/api/claims', { body: { toolSlug: tool.slug, method: 'meta' } })).status).toBe(401);
    const unverified = await signedIn(NO_PASSWORD);
    for (const [path, body] of [
      ['/api/claims', { toolSlug: tool.slug, method: 'meta' }],
      ['/api/claims/email', { toolSlug: tool.slug, address: `me@${new URL(tool.url).hostname}` }],
      ['/api/claims/email/confirm', { toolSlug: tool.slug, code: '123456' }],
    ] as const) {
      const res = await call('POST', path, { cookie: unverified.cookie, body });
      expect(res.status, path).toBe(403);
      expect(await res.text()).toBe(MSG.emailVerificationRequired);
    }
    expect(await claimOf(tool.id, unverified.user.id)).toBeUndefined();
    // Their list is theirs to read all the same.
    expect(await (await call('GET', '/api/claims', { cookie: unverified.cookie })).json()).toEqual([]);
  });

  it('only a listed tool: a pending one is 404; an unknown method is 400', async () => {
    const { cookie } = await member();
    const pending = await makeTool({ status: 'pending' });
    const res = await call('POST', '/api/claims', { cookie, body: { toolSlug: pending.slug, method: 'meta' } });
    expect(res.status).toBe(404);
    expect(await res.text()).toBe(LISTING_MSG.claimToolMissing);
    const { tool } = await listedTool();
    expect((await call('POST', '/api/claims', { cookie, body: { toolSlug: tool.slug, method: 'fax' } })).status).toBe(
      400,
    );
  });
});

describe('a meta tag on the tool page', () => {
  it('shows the token once, keeps only its hash, and verifies once the tag holds it (any attribute order, quotes, case)', async () => {
    const { tool, host } = await listedTool();
    const { user, cookie } = await member();
    const started = await start(cookie, tool.slug, 'meta');
    expect(started.value).toBe(`<meta name="aitools-verify" content="${started.token}">`);
    expect(started.claim).toMatchObject({ status: 'pending', location: tool.url });
    const row = await claimOf(tool.id, user.id);
    expect(row?.tokenHash).toBe(hashToken(started.token));
    expect(JSON.stringify(row)).not.toContain(started.token);
    expect((await auditOf('tool_owner', started.claim.id))[0].action).toBe('claim.start');

    // No tag yet: said so, nothing changed but the time of the check.
    let res = await check(cookie, started.claim.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ verified: false, message: LISTING_MSG.claimMetaNone(tool.url) });
    const after = await claimOf(tool.id, user.id);
    expect(after?.status).toBe('pending');
    expect(after?.lastCheckedAt).not.toBeNull();

    sites[host].page = '<head><meta name="aitools-verify" content="somebody-elses-token"></head>';
    res = await check(cookie, started.claim.id);
    expect(await res.json()).toMatchObject({ verified: false, message: LISTING_MSG.claimMetaWrong(tool.url) });

    sites[host].page = `<html><HEAD><META content='${started.token}' data-x="a>b" NAME=AITools-Verify /></HEAD></html>`;
    res = await check(cookie, started.claim.id);
    const body = await res.json();
    expect(body).toMatchObject({ verified: true, message: LISTING_MSG.claimVerified(tool.name) });
    expect(body.claim.status).toBe('verified');
    const verified = await claimOf(tool.id, user.id);
    expect(verified?.status).toBe('verified');
    expect(verified?.domain).toBe(host);
    expect(verified!.recheckDueAt!.getTime() - verified!.verifiedAt!.getTime()).toBe(CLAIM_TIMES.recheckMs);
    expect((await auditOf('tool_owner', started.claim.id))[0].action).toBe('claim.verify');
    expect((await emailsTo(user.email)).map((e) => e.kind)).toContain('claim-verified');
    // The mark's pages are rendered again (the tool's tag).
    const [rebuild] = await rebuildsFor(`owner verified: ${tool.slug}`);
    expect(rebuild.tags).toEqual(ownerChangeTags(tool.slug));
  });

  it('starting again gives a new token: the old one no longer proves anything', async () => {
    const { tool, host } = await listedTool();
    const { cookie } = await member();
    const first = await start(cookie, tool.slug, 'meta');
    const second = await start(cookie, tool.slug, 'meta');
    expect(second.claim.id).toBe(first.claim.id);
    expect(second.token).not.toBe(first.token);
    sites[host].page = `<meta name="aitools-verify" content="${first.token}">`;
    expect(await (await check(cookie, first.claim.id)).json()).toMatchObject({ verified: false });
  });

  it('a token expires after 7 days: Check now is refused until the member starts again', async () => {
    const { tool, host } = await listedTool();
    const { user } = await member();
    const now = Date.now();
    const { claim, token } = await startClaim(user, { toolSlug: tool.slug, method: 'meta' }, now);
    sites[host].page = `<meta name="aitools-verify" content="${token}">`;
    await expect(checkClaim(user, claim.id, now + CLAIM_TIMES.tokenMs)).rejects.toMatchObject({
      status: 409,
      message: LISTING_MSG.claimTokenExpired,
    });
    expect((await claimOf(tool.id, user.id))?.status).toBe('pending');
    expect((await checkClaim(user, claim.id, now + CLAIM_TIMES.tokenMs - 1)).verified).toBe(true);
  });

  it('a redirect off the tool domain, or to a private address on it, is refused during the proof', async () => {
    const { tool, host } = await listedTool();
    const { user, cookie } = await member();
    const { claim, token } = await start(cookie, tool.slug, 'meta');
    // The other site would hold the tag: it does not count.
    hosts['elsewhere.test'] = '127.0.0.1';
    sites['elsewhere.test'] = { page: `<meta name="aitools-verify" content="${token}">` };
    sites[host].redirectTo = `http://elsewhere.test:${server.port}/`;
    let res = await check(cookie, claim.id);
    expect(await res.json()).toMatchObject({ verified: false, message: LISTING_MSG.claimOffSite(tool.url) });

    // The same registrable domain, but a name that resolves to a private address.
    hosts[`inner.${host}`] = '10.0.0.7';
    sites[host].redirectTo = `http://inner.${host}:${server.port}/`;
    res = await check(cookie, claim.id);
    expect(await res.json()).toMatchObject({ verified: false, message: LISTING_MSG.claimPrivate(tool.url) });
    expect((await claimOf(tool.id, user.id))?.status).toBe('pending');
  });
});

describe('a file under /.well-known/', () => {
  it('404 says the file was not found; the file holding the token verifies', async () => {
    const { tool, host } = await listedTool();
    const { cookie } = await member();
    const { claim, token, value } = await start(cookie, tool.slug, 'file');
    const fileUrl = `http://${host}:${server.port}/.well-known/aitools-verify.txt`;
    expect(claim.location).toBe(fileUrl);
    expect(value).toBe(`aitools-verify=${token}`);
    let res = await check(cookie, claim.id);
    expect(await res.json()).toMatchObject({ verified: false, message: LISTING_MSG.claimFileNotFound(fileUrl) });
    sites[host].file = 'not the token\n';
    res = await check(cookie, claim.id);
    expect(await res.json()).toMatchObject({ verified: false, message: LISTING_MSG.claimFileWrong(fileUrl) });
    sites[host].file = `${value}\n`;
    res = await check(cookie, claim.id);
    expect(await res.json()).toMatchObject({ verified: true });
  });
});

describe('a DNS TXT record', () => {
  it('at _aitools-verify.{domain}: none, a wrong one, then the right one among others', async () => {
    const { tool, host } = await listedTool();
    const { cookie } = await member();
    const { claim, token } = await start(cookie, tool.slug, 'dns');
    const name = `_aitools-verify.${host}`;
    expect(claim.location).toBe(name);
    let res = await check(cookie, claim.id);
    expect(await res.json()).toMatchObject({ verified: false, message: LISTING_MSG.claimDnsNone(name) });
    txt[name] = [['aitools-verify=wrong']];
    res = await check(cookie, claim.id);
    expect(await res.json()).toMatchObject({ verified: false, message: LISTING_MSG.claimDnsWrong(name) });
    // A long value arrives split in strings; a record is their concatenation.
    txt[name] = [['v=spf1 -all'], ['aitools-verify=', token]];
    res = await check(cookie, claim.id);
    expect(await res.json()).toMatchObject({ verified: true });
  });

  it('is refused for a tool on a shared host, whose DNS belongs to the host', async () => {
    const shared = await makeTool({ status: 'approved', url: 'https://acme-tool.vercel.app/' });
    const { cookie } = await member();
    const res = await call('POST', '/api/claims', { cookie, body: { toolSlug: shared.slug, method: 'dns' } });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe(LISTING_MSG.claimDnsSharedHost('acme-tool.vercel.app'));
    // Its own page can carry a tag.
    expect(
      (await call('POST', '/api/claims', { cookie, body: { toolSlug: shared.slug, method: 'meta' } })).status,
    ).toBe(200);
  });
});

describe('an e-mail code', () => {
  const codeIn = async (address: string) => {
    const [mail] = (await emailsTo(address)).filter((e) => e.kind === 'claim-code');
    return /\b[0-9]{6}\b/.exec(mail.subject)![0];
  };
  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('goes to an address on the tool domain (a subdomain too) and verifies with the right code', async () => {
    const { tool, host } = await listedTool();
    const { user, cookie } = await member();
    const address = `founder@mail.${host}`;
    let res = await call('POST', '/api/claims/email', { cookie, body: { toolSlug: tool.slug, address } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ verified: false, message: LISTING_MSG.claimCodeSent(address) });
    const code = await codeIn(address);
    res = await call('POST', '/api/claims/email/confirm', {
      cookie,
      body: { toolSlug: tool.slug, code: wrongCode(code) },
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe(LISTING_MSG.claimCodeWrong);
    res = await call('POST', '/api/claims/email/confirm', { cookie, body: { toolSlug: tool.slug, code } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ verified: true, claim: { status: 'verified', location: address } });
    const row = await claimOf(tool.id, user.id);
    expect(row).toMatchObject({ method: 'email', email: address, status: 'verified', tokenHash: null });
    expect(row!.recheckDueAt!.getTime() - row!.verifiedAt!.getTime()).toBe(CLAIM_TIMES.confirmMs);
  });

  it('refuses free-mail, other domains and shared hosts, and sends nothing', async () => {
    const { tool, host } = await listedTool();
    const { cookie } = await member();
    for (const address of ['me@gmail.com', 'me@gmx.de', `me@not-${host}`]) {
      const res = await call('POST', '/api/claims/email', { cookie, body: { toolSlug: tool.slug, address } });
      expect(res.status, address).toBe(400);
      expect(await res.text()).toBe(
        address.startsWith('me@not-') ? LISTING_MSG.claimEmailNotOnDomain(host) : LISTING_MSG.claimEmailFreeMail(host),
      );
      expect(await emailsTo(address)).toEqual([]);
    }
    const shared = await makeTool({ status: 'approved', url: 'https://someone.github.io/tool' });
    const res = await call('POST', '/api/claims/email', {
      cookie,
      body: { toolSlug: shared.slug, address: 'me@someone.github.io' },
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe(LISTING_MSG.claimEmailSharedHost('someone.github.io'));
  });

  it('is bound to its tool: a code for one tool proves nothing for another, and stays good for its own', async () => {
    const a = await listedTool();
    const b = await listedTool();
    const { cookie } = await member();
    await call('POST', '/api/claims/email', { cookie, body: { toolSlug: a.tool.slug, address: `me@${a.host}` } });
    const code = await codeIn(`me@${a.host}`);
    let res = await call('POST', '/api/claims/email/confirm', { cookie, body: { toolSlug: b.tool.slug, code } });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe(LISTING_MSG.claimNoCode);
    res = await call('POST', '/api/claims/email/confirm', { cookie, body: { toolSlug: a.tool.slug, code } });
    expect(res.status).toBe(200);
  });

  it('is bound to its member: another member typing it proves nothing', async () => {
    const { tool, host } = await listedTool();
    const sender = await member();
    const other = await member();
    await call('POST', '/api/claims/email', {
      cookie: sender.cookie,
      body: { toolSlug: tool.slug, address: `ops@${host}` },
    });
    const code = await codeIn(`ops@${host}`);
    const res = await call('POST', '/api/claims/email/confirm', {
      cookie: other.cookie,
      body: { toolSlug: tool.slug, code },
    });
    expect(res.status).toBe(400);
    expect(await claimOf(tool.id, other.user.id)).toBeUndefined();
  });

  it('takes 5 wrong tries, then even the right code is refused', async () => {
    const { tool, host } = await listedTool();
    const { user, cookie } = await member();
    await call('POST', '/api/claims/email', { cookie, body: { toolSlug: tool.slug, address: `me@${host}` } });
    const code = await codeIn(`me@${host}`);
    for (let i = 0; i < 5; i++) {
      const res = await call('POST', '/api/claims/email/confirm', {
        cookie,
        body: { toolSlug: tool.slug, code: wrongCode(code) },
      });
      expect(res.status).toBe(400);
    }
    const res = await call('POST', '/api/claims/email/confirm', { cookie, body: { toolSlug: tool.slug, code } });
    expect(await res.text()).toBe(LISTING_MSG.claimNoCode);
    expect((await claimOf(tool.id, user.id))?.status).toBe('pending');
  });

  it('lives 10 minutes', async () => {
    const { tool, host } = await listedTool();
    const { user } = await member();
    const now = Date.now();
    await sendClaimCode(user, { toolSlug: tool.slug, address: `me@${host}` }, now);
    const code = await codeIn(`me@${host}`);
    await expect(confirmClaimCode(user, { toolSlug: tool.slug, code }, now + 10 * 60 * 1000)).rejects.toMatchObject({
      status: 400,
      message: LISTING_MSG.claimNoCode,
    });
  });
});

describe('limits', () => {
  it('"Check now" is limited per member', async () => {
    const { tool } = await listedTool();
    const { cookie } = await member();
    const { claim } = await start(cookie, tool.slug, 'file');
    for (let i = 0; i < 10; i++) expect((await check(cookie, claim.id)).status).toBe(200);
    const res = await check(cookie, claim.id);
    expect(res.status).toBe(429);
    expect(await res.text()).toBe(LISTING_MSG.claimTooManyChecks);
  });

  it('a member checks only their own claim; a revoked claim cannot be started again', async () => {
    const { tool } = await listedTool();
    const owner = await member();
    const { claim } = await start(owner.cookie, tool.slug, 'meta');
    const other = await member();
    expect((await check(other.cookie, claim.id)).status).toBe(404);
    await db.update(toolOwners).set({ status: 'revoked', endReason: 'Not theirs' }).where(eq(toolOwners.id, claim.id));
    const res = await call('POST', '/api/claims', {
      cookie: owner.cookie,
      body: { toolSlug: tool.slug, method: 'meta' },
    });
    expect(res.status).toBe(409);
    expect(await res.text()).toBe(LISTING_MSG.claimRevoked);
  });
});

describe('re-checks (a clock the test holds)', () => {
  it('a passing re-check moves the next one 30 days on', async () => {
    const t0 = Date.now();
    const { tool, user } = await verifiedMetaOwner(t0);
    const due = t0 + CLAIM_TIMES.recheckMs;
    await runClaimRechecks(due);
    const row = await claimOf(tool.id, user.id);
    expect(row?.recheckDueAt?.getTime()).toBe(due + CLAIM_TIMES.recheckMs);
    expect(row?.graceUntil).toBeNull();
  });

  it('a failing one gives 14 days of grace with e-mails on day 0 and 3 days before, then lapses', async () => {
    const t0 = Date.now();
    const { tool, host, user, claimId } = await verifiedMetaOwner(t0);
    sites[host].page = '<head></head>';
    const t1 = t0 + CLAIM_TIMES.recheckMs;
    await runClaimRechecks(t1);
    let row = await claimOf(tool.id, user.id);
    expect(row?.status).toBe('verified');
    expect(row?.graceUntil?.getTime()).toBe(t1 + CLAIM_TIMES.graceMs);
    const failing = async () => (await emailsTo(user.email)).filter((e) => e.kind === 'claim-recheck-failing').length;
    expect(await failing()).toBe(1);
    // Daily checks in grace, quiet until the last 3 days.
    for (let day = 1; day <= 13; day++) await runClaimRechecks(t1 + day * DAY);
    expect(await failing()).toBe(2);
    row = await claimOf(tool.id, user.id);
    expect(row?.status).toBe('verified');
    await runClaimRechecks(t1 + CLAIM_TIMES.graceMs);
    row = await claimOf(tool.id, user.id);
    expect(row?.status).toBe('lapsed');
    expect(row?.endReason).toBe(LISTING_MSG.claimMetaNone(tool.url));
    expect((await auditOf('tool_owner', claimId))[0].action).toBe('claim.lapse');
    expect((await emailsTo(user.email)).map((e) => e.kind)).toContain('claim-lapsed');
    expect((await rebuildsFor(`owner lapsed: ${tool.slug}`))[0].tags).toEqual(ownerChangeTags(tool.slug));
  });

  it('a pass during grace ends it', async () => {
    const t0 = Date.now();
    const { tool, host, user, token } = await verifiedMetaOwner(t0);
    sites[host].page = '<head></head>';
    const t1 = t0 + CLAIM_TIMES.recheckMs;
    await runClaimRechecks(t1);
    sites[host].page = `<meta name="aitools-verify" content="${token}">`;
    await runClaimRechecks(t1 + DAY);
    const row = await claimOf(tool.id, user.id);
    expect(row).toMatchObject({ status: 'verified', graceUntil: null });
    expect(row?.recheckDueAt?.getTime()).toBe(t1 + DAY + CLAIM_TIMES.recheckMs);
  });

  it('an e-mail owner confirms yearly with a new code, or lapses 14 days later', async () => {
    const t0 = Date.now();
    const confirming = await listedTool();
    const silent = await listedTool();
    const owners: User[] = [];
    for (const { tool, host } of [confirming, silent]) {
      const { user } = await member();
      owners.push(user);
      await sendClaimCode(user, { toolSlug: tool.slug, address: `me@${host}` }, t0);
      const [mail] = (await emailsTo(`me@${host}`)).filter((e) => e.kind === 'claim-code');
      await confirmClaimCode(user, { toolSlug: tool.slug, code: /\b[0-9]{6}\b/.exec(mail.subject)![0] }, t0);
    }
    const t1 = t0 + CLAIM_TIMES.confirmMs;
    await runClaimRechecks(t1);
    for (const user of owners)
      expect((await emailsTo(user.email)).filter((e) => e.kind === 'claim-confirm-due')).toHaveLength(1);

    const [user] = owners;
    await sendClaimCode(user, { toolSlug: confirming.tool.slug, address: `me@${confirming.host}` }, t1 + DAY);
    const [mail] = (await emailsTo(`me@${confirming.host}`)).filter((e) => e.kind === 'claim-code');
    const confirmed = await confirmClaimCode(
      user,
      { toolSlug: confirming.tool.slug, code: /\b[0-9]{6}\b/.exec(mail.subject)![0] },
      t1 + DAY,
    );
    expect(confirmed.message).toBe(LISTING_MSG.claimConfirmed(confirming.tool.name));

    await runClaimRechecks(t1 + CLAIM_TIMES.graceMs - CLAIM_TIMES.reminderMs);
    expect((await emailsTo(owners[1].email)).filter((e) => e.kind === 'claim-confirm-due')).toHaveLength(2);
    await runClaimRechecks(t1 + CLAIM_TIMES.graceMs);
    expect(await claimOf(confirming.tool.id, owners[0].id)).toMatchObject({ status: 'verified', graceUntil: null });
    expect((await claimOf(silent.tool.id, owners[1].id))?.status).toBe('lapsed');
  });
});

describe("a tool's address moving to another domain", () => {
  it("suspends its verified owners (audited, e-mailed, the tool's tag rendered again); a move within the domain does not", async () => {
    const { tool, user, cookie, claimId } = await verifiedMetaOwner();
    const admin = await signedIn({ ...NO_PASSWORD, isAdmin: true });
    const patch = (url: string) =>
      call('PATCH', `/api/admin/tools/${tool.id}`, { cookie: admin.cookie, body: { url } });
    const sameDomain = tool.url.replace('://', '://www.');
    expect((await patch(sameDomain)).status).toBe(200);
    expect((await claimOf(tool.id, user.id))?.status).toBe('verified');

    expect((await patch('https://acme-renamed.example.org/')).status).toBe(200);
    const row = await claimOf(tool.id, user.id);
    expect(row?.status).toBe('suspended');
    expect((await auditOf('tool_owner', claimId))[0].action).toBe('claim.suspend');
    expect((await emailsTo(user.email)).map((e) => e.kind)).toContain('claim-suspended');
    expect((await rebuildsFor(`owners suspended: ${tool.slug}`))[0].tags).toEqual(ownerChangeTags(tool.slug));
    // Proving the new domain means starting again.
    const res = await call('GET', '/api/claims', { cookie });
    expect((await res.json())[0]).toMatchObject({ status: 'suspended', next: LISTING_MSG.claimNextStartAgain });
  });

  it('an approved change request moving the address suspends them too', async () => {
    const { tool, user } = await verifiedMetaOwner();
    const admin = await signedIn({ ...NO_PASSWORD, isAdmin: true });
    const request = await makeChangeRequest(tool, { url: 'https://acme-moved.example.net/' });
    const res = await call('POST', `/api/admin/change-requests/${request.id}/approve`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect((await claimOf(tool.id, user.id))?.status).toBe('suspended');
  });
});
