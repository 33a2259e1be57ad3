// Reader reports (docs/decisions/0101): POST /api/reports and the /report form, validation per type, the honeypot,
// the limits, a repeat as a "+1" counted once per voter, the editors' steps with their notes, audit rows and e-mails,
// the tool's public history after a fixing resolution, and the /transparency figures.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { app } from '../../api/app';
import { config } from '../../api/config';
import { handleRequest } from '../../api/handler';
import { renderPage } from '../../api/publishing/page-renderer';
import { CLIENT_IP_HEADER } from '../../api/plugins/security';
import { RATE_LIMITS } from '../../api/rate-limit';
import { db } from '../../db/client';
import { transparencyFigures } from '../../db/queries/reports';
import { emailOutbox, reports, reportVotes, toolNotes, toolOwners, type Tool, type User } from '../../db/schema';
import { REPORTS_TAG, SURROGATE_KEY, tagsOfHeader, toolTag } from '../../lib/cache-tags';
import { LISTING_MSG } from '../../lib/listing-messages';
import { MSG } from '../../lib/messages';
import { REPORT_REFERENCE_SHAPE } from '../../lib/reports';
import { BASE, call, signedIn } from '../helpers/api';
import { auditOf, emailsTo, makeTool, NO_PASSWORD, rebuildsFor } from '../helpers/admin';

let addresses = 0;
/** A fresh client address per test: the limits count per address. */
const freshIp = () => `198.51.100.${++addresses}`;

let tool: Tool;
let staff: { user: User; cookie: string };

const report = (body: Record<string, unknown>, opts: { ip?: string; cookie?: string } = {}) =>
  call('POST', '/api/reports', {
    body: { toolSlug: tool.slug, ...body },
    ip: opts.ip ?? freshIp(),
    cookie: opts.cookie,
  });
const pricing = { type: 'pricing-wrong', details: { pricingModel: 'freemium' }, message: 'The site says freemium.' };
const rows = () => db.select().from(reports);
const votesOf = (reportId: number) => db.select().from(reportVotes).where(eq(reportVotes.reportId, reportId));
const byReference = async (reference: string) =>
  (await db.select().from(reports).where(eq(reports.reference, reference)))[0];

beforeAll(async () => {
  tool = await makeTool({ status: 'approved', name: 'Report Radar', slug: 'report-radar' });
  staff = await signedIn({ ...NO_PASSWORD, role: 'staff' });
});

afterEach(async () => {
  await db.delete(reports);
  await db.delete(toolNotes);
  await db.delete(toolOwners);
  await db.delete(emailOutbox);
});

describe('POST /api/reports', () => {
  it('takes a report from anyone and answers its reference', async () => {
    const res = await report(pricing);
    expect(res.status).toBe(201);
    const { reference } = await res.json();
    expect(reference).toMatch(REPORT_REFERENCE_SHAPE);
    const [row] = await rows();
    expect(row).toMatchObject({
      reference,
      toolId: tool.id,
      type: 'pricing-wrong',
      details: { pricingModel: 'freemium' },
      message: 'The site says freemium.',
      state: 'new',
      votes: 1,
    });
  });

  it.each([
    [{ type: 'pricing-wrong', details: {} }, LISTING_MSG.reportPricingRequired],
    [{ type: 'pricing-wrong', details: { pricingModel: 'cheap' } }, LISTING_MSG.reportPricingRequired],
    [{ type: 'wrong-category', details: { category: 'astrology' } }, LISTING_MSG.reportCategoryRequired],
    [{ type: 'broken-link', details: { noticedOn: '2999-01-01' } }, LISTING_MSG.reportNoticedOnInvalid],
    [{ type: 'broken-link', details: { noticedOn: '2026-02-30' } }, LISTING_MSG.reportNoticedOnInvalid],
    [{ type: 'duplicate', details: {} }, LISTING_MSG.reportOtherListingRequired],
    [{ type: 'duplicate', details: { otherListing: '/tool/no-such-tool' } }, LISTING_MSG.reportOtherListingUnknown],
    [{ type: 'duplicate', details: { otherListing: 'report-radar' } }, LISTING_MSG.reportOtherListingSame],
    [{ type: 'misleading', details: {} }, LISTING_MSG.reportClaimRequired],
    [{ type: 'outdated', details: { part: 'description' } }, LISTING_MSG.reportMessageRequired],
    [{ type: 'other', message: 'short' }, LISTING_MSG.reportMessageRequired],
    [{ type: 'other', message: 'x'.repeat(1001) }, MSG.textTooLong('Message', 1000)],
    [{ type: 'other', message: 'Hidden \u0000 character here' }, MSG.controlCharacters('Message')],
    [{ type: 'haunted' }, LISTING_MSG.reportTypeRequired],
    [{ ...pricing, email: 'not-an-address' }, MSG.invalidEmail],
  ])('refuses %j with its message and writes nothing', async (body, message) => {
    const res = await report(body);
    expect(res.status).toBe(400);
    expect(await res.text()).toBe(message);
    expect(await rows()).toHaveLength(0);
  });

  it('keeps each type to its own fields, and a duplicate names the other listing by its slug', async () => {
    const other = await makeTool({
      status: 'approved',
      slug: 'report-radar-two',
      url: 'https://radar-two.example.com',
    });
    const res = await report({
      type: 'duplicate',
      details: { otherListing: 'https://www.radar-two.example.com/', pricingModel: 'paid' },
    });
    expect(res.status).toBe(201);
    const [row] = await rows();
    expect(row.details).toEqual({ otherListing: other.slug });
  });

  it('takes no report of a tool that is not listed', async () => {
    const pending = await makeTool({ slug: 'report-pending' });
    for (const toolSlug of [pending.slug, 'no-such-tool']) {
      const res = await call('POST', '/api/reports', { body: { ...pricing, toolSlug }, ip: freshIp() });
      expect(res.status).toBe(404);
      expect(await res.text()).toBe(LISTING_MSG.reportToolNotReportable);
    }
    expect(await rows()).toHaveLength(0);
  });

  it('answers a filled honeypot as a success and writes nothing', async () => {
    const res = await report({ ...pricing, email: 'bot@example.com', website: 'https://spam.example' });
    expect(res.status).toBe(201);
    expect((await res.json()).reference).toMatch(REPORT_REFERENCE_SHAPE);
    expect(await rows()).toHaveLength(0);
    expect(await emailsTo('bot@example.com')).toHaveLength(0);
  });

  it('limits reports per address, then per account from any address', async () => {
    const ip = freshIp();
    const types = ['broken-link', 'discontinued', 'outdated', 'other'];
    const body = (i: number) => ({ type: types[i % 4], message: `Report number ${i} about it`, details: {} });
    for (let i = 0; i < RATE_LIMITS['report-address'].limit; i++)
      expect((await report(body(i), { ip })).status).toBe(201);
    const refused = await report(body(0), { ip });
    expect(refused.status).toBe(429);
    expect(await refused.text()).toBe(LISTING_MSG.reportTooMany);

    const member = await signedIn(NO_PASSWORD);
    for (let i = 0; i < RATE_LIMITS['report-account'].limit; i++)
      expect((await report(body(i), { cookie: member.cookie })).status).toBe(201);
    expect((await report(body(0), { cookie: member.cookie })).status).toBe(429);
  });
});

describe('a repeat of an open report', () => {
  it('is a +1 on it, counted once per voter, with the same reference', async () => {
    const first = await (await report(pricing)).json();
    const ip = freshIp();
    const second = await (await report({ ...pricing, details: { pricingModel: 'paid' } }, { ip })).json();
    expect(second.reference).toBe(first.reference);
    const again = await report(pricing, { ip });
    expect(again.status).toBe(201);
    expect((await again.json()).reference).toBe(first.reference);

    const member = await signedIn(NO_PASSWORD);
    await report(pricing, { cookie: member.cookie });
    await report(pricing, { cookie: member.cookie });

    const all = await rows();
    expect(all).toHaveLength(1);
    expect(all[0].votes).toBe(3);
    const votes = await votesOf(all[0].id);
    expect(votes).toHaveLength(3);
    // Never the address itself.
    for (const vote of votes) expect(vote.voterKey).not.toContain(ip);
    expect(votes.filter((vote) => vote.userId === member.user.id)).toHaveLength(1);
  });

  it('is a new report once the open one is resolved, and another type is another report', async () => {
    const first = await (await report(pricing)).json();
    await call('POST', `/api/admin/reports/${(await byReference(first.reference)).id}/resolve`, {
      cookie: staff.cookie,
      body: { resolution: 'no-change', note: 'The listing already says so.' },
    });
    const second = await (await report(pricing)).json();
    expect(second.reference).not.toBe(first.reference);
    const third = await (await report({ type: 'broken-link', details: {} })).json();
    expect(third.reference).not.toBe(second.reference);
    expect(await rows()).toHaveLength(3);
  });
});

describe('e-mails', () => {
  it('sends the reporter who left an address the reference, and nothing they wrote', async () => {
    const { reference } = await (
      await report({ ...pricing, message: 'Buy cheap pills at spam.example', email: 'reader@example.com' })
    ).json();
    const [received] = await emailsTo('reader@example.com');
    expect(received.kind).toBe('report-received');
    expect(received.subject).toContain(reference);
    expect(received.text).toContain(reference);
    for (const body of [received.text, received.html, received.subject]) expect(body).not.toContain('spam.example');
  });

  it("tells the tool's verified owners of a new report, not of each +1, and never the reader's message", async () => {
    const owner = await signedIn(NO_PASSWORD);
    const lapsed = await signedIn(NO_PASSWORD);
    await db.insert(toolOwners).values([
      { toolId: tool.id, userId: owner.user.id, method: 'dns', status: 'verified', domain: 'example.com' },
      { toolId: tool.id, userId: lapsed.user.id, method: 'dns', status: 'lapsed', domain: 'example.com' },
    ]);
    await report({ ...pricing, message: 'Secret words for the editors only' });
    await report(pricing);
    const told = await emailsTo(owner.user.email);
    expect(told.map((mail) => mail.kind)).toEqual(['report-on-your-tool']);
    expect(told[0].text).toContain('Pricing is wrong');
    expect(told[0].text).toContain('Freemium');
    expect(told[0].text).not.toContain('Secret words');
    expect(await emailsTo(lapsed.user.email)).toHaveLength(0);
  });
});

describe('the editors’ steps', () => {
  const step = (id: number, action: string, body: unknown, cookie = staff.cookie) =>
    call('POST', `/api/admin/reports/${id}/${action}`, { body, cookie });

  it('refuses members and visitors', async () => {
    const { reference } = await (await report(pricing)).json();
    const { id } = await byReference(reference);
    const member = await signedIn(NO_PASSWORD);
    expect((await call('GET', '/api/admin/reports', { cookie: member.cookie })).status).toBe(403);
    expect((await step(id, 'acknowledge', {}, member.cookie)).status).toBe(403);
    expect((await step(id, 'resolve', { resolution: 'spam', note: 'x' }, member.cookie)).status).toBe(403);
    expect((await step(id, 'merge', { into: reference }, member.cookie)).status).toBe(403);
    expect((await call('GET', '/api/admin/reports')).status).toBe(401);
    expect((await byReference(reference)).state).toBe('new');
  });

  it('acknowledges, then resolves as fixed: a public note, the page within a second, the outcome to each address', async () => {
    const { reference } = await (await report({ ...pricing, email: 'first@example.com' })).json();
    await report({ ...pricing, email: 'second@example.com' });
    await report(pricing);
    const { id } = await byReference(reference);

    const acknowledged = await step(id, 'acknowledge', { note: 'Checking the pricing page.' });
    expect(acknowledged.status).toBe(200);
    expect(await acknowledged.json()).toMatchObject({ state: 'acknowledged', note: 'Checking the pricing page.' });
    const twice = await step(id, 'acknowledge', {});
    expect(twice.status).toBe(409);
    expect(await twice.text()).toBe(LISTING_MSG.reportAlreadyAcknowledged);

    expect((await step(id, 'resolve', { resolution: 'fixed', note: '  ' })).status).toBe(400);
    expect((await step(id, 'resolve', { resolution: 'mended', note: 'Done.' })).status).toBe(400);
    const resolved = await step(id, 'resolve', { resolution: 'fixed', note: 'The listing now says Freemium.' });
    expect(resolved.status).toBe(200);
    expect(await resolved.json()).toMatchObject({
      state: 'resolved',
      resolution: 'fixed',
      note: 'The listing now says Freemium.',
      votes: 3,
      followers: 0,
      handledBy: { email: staff.user.email },
    });
    expect((await step(id, 'resolve', { resolution: 'fixed', note: 'Again.' })).status).toBe(409);

    expect(await db.select({ text: toolNotes.text }).from(toolNotes).where(eq(toolNotes.toolId, tool.id))).toEqual([
      { text: 'Pricing corrected after a reader report' },
    ]);
    const [rebuild] = await rebuildsFor(reference);
    expect(rebuild.tags.sort()).toEqual([REPORTS_TAG, toolTag(tool.slug)].sort());
    for (const to of ['first@example.com', 'second@example.com']) {
      const [outcome] = await emailsTo(to);
      expect(outcome.kind).toBe('report-outcome');
      expect(outcome.text).toContain('The listing now says Freemium.');
      expect(outcome.text).toContain(reference);
    }
    // The addresses were kept for that one e-mail.
    expect((await votesOf(id)).every((vote) => vote.email === null)).toBe(true);
    expect((await auditOf('report', id)).map((row) => row.action)).toEqual(['report.resolve', 'report.acknowledge']);

    const page = await handleRequest(new Request(`${BASE}/tool/${tool.slug}`));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Pricing corrected after a reader report');
    expect(html).not.toContain('first@example.com');
  });

  it('dismisses as spam without a word to anyone and without a public note', async () => {
    const { reference } = await (await report({ ...pricing, email: 'spammer@example.com' })).json();
    const { id } = await byReference(reference);
    const res = await step(id, 'resolve', { resolution: 'spam', note: 'Advertising.' });
    expect(res.status).toBe(200);
    expect((await emailsTo('spammer@example.com')).map((mail) => mail.kind)).toEqual(['report-received']);
    expect(await db.select().from(toolNotes)).toHaveLength(0);
    expect((await rebuildsFor(reference))[0].tags).toEqual([REPORTS_TAG]);
  });

  it('merges a report into another open one of the same tool: its voters move over, counted once', async () => {
    const ip = freshIp();
    const a = await (await report({ type: 'broken-link', details: {}, email: 'a@example.com' }, { ip })).json();
    const b = await (await report({ type: 'discontinued', details: {} }, { ip })).json();
    await report({ type: 'broken-link', details: {} });
    const source = await byReference(a.reference);
    const other = await makeTool({ status: 'approved', slug: 'report-elsewhere' });
    const elsewhere = await (
      await call('POST', '/api/reports', { body: { ...pricing, toolSlug: other.slug }, ip: freshIp() })
    ).json();

    expect((await step(source.id, 'merge', { into: a.reference })).status).toBe(409);
    expect((await step(source.id, 'merge', { into: elsewhere.reference })).status).toBe(409);
    expect((await step(source.id, 'merge', { into: 'nonsense' })).status).toBe(400);
    const res = await step(source.id, 'merge', { into: b.reference.toLowerCase() });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ state: 'resolved', resolution: 'duplicate', duplicateOf: b.reference });
    const target = await byReference(b.reference);
    // Two voters on the source, one of them already on the target.
    expect(target.votes).toBe(2);
    expect((await votesOf(target.id)).map((vote) => vote.email)).toContain('a@example.com');
    expect((await auditOf('report', source.id))[0].action).toBe('report.merge');

    await step(target.id, 'resolve', { resolution: 'fixed-by-owner', note: 'The owner fixed the link.' });
    expect((await emailsTo('a@example.com')).map((mail) => mail.kind)).toEqual(['report-outcome', 'report-received']);
  });

  it('lists reports grouped by tool, filtered by type, state and age', async () => {
    const other = await makeTool({ status: 'approved', slug: 'report-grouped' });
    await report(pricing);
    await report({ type: 'broken-link', details: {} });
    await call('POST', '/api/reports', { body: { ...pricing, toolSlug: other.slug }, ip: freshIp() });
    const old = await (
      await call('POST', '/api/reports', {
        body: { type: 'other', message: 'An old report of this', toolSlug: other.slug },
        ip: freshIp(),
      })
    ).json();
    await db
      .update(reports)
      .set({ lastReportedAt: new Date(Date.now() - 40 * 86_400_000) })
      .where(eq(reports.reference, old.reference));

    const list = async (query: string) => {
      const res = await call('GET', `/api/admin/reports${query}`, { cookie: staff.cookie });
      expect(res.status).toBe(200);
      return (await res.json()) as { tool: { slug: string }; reports: { type: string }[] }[];
    };
    const all = await list('');
    expect(all.map((group) => group.tool.slug).sort()).toEqual([other.slug, tool.slug].sort());
    expect(
      all
        .find((group) => group.tool.slug === tool.slug)
        ?.reports.map((r) => r.type)
        .sort(),
    ).toEqual(['broken-link', 'pricing-wrong']);
    const priced = await list('?type=pricing-wrong');
    expect(priced.flatMap((group) => group.reports.map((r) => r.type))).toEqual(['pricing-wrong', 'pricing-wrong']);
    expect((await list('?age=older')).flatMap((group) => group.reports.map((r) => r.type))).toEqual(['other']);
    expect((await list('?age=week')).flatMap((group) => group.reports)).toHaveLength(3);
    expect(await list('?state=resolved')).toEqual([]);
    expect((await call('GET', '/api/admin/reports?state=lost', { cookie: staff.cookie })).status).toBe(400);
  });
});

describe('/report without JavaScript', () => {
  const post = (fields: Record<string, string>, ip = freshIp()) =>
    app.handle(
      new Request(`${BASE}/report`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: BASE,
          [CLIENT_IP_HEADER]: ip,
          accept: 'text/html',
        },
        body: new URLSearchParams(fields).toString(),
        redirect: 'manual',
      }),
    );

  it('takes the report and sends the browser to the page with its reference', async () => {
    const res = await post({
      toolSlug: tool.slug,
      type: 'pricing-wrong',
      pricingModel: 'paid',
      category: 'design',
      message: '',
      email: '',
      website: '',
    });
    expect(res.status).toBe(303);
    const [row] = await rows();
    expect(row.details).toEqual({ pricingModel: 'paid' });
    expect(res.headers.get('location')).toBe(`/report?tool=${tool.slug}&sent=${row.reference}`);
    const page = await handleRequest(new Request(`${BASE}${res.headers.get('location')}`));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(row.reference);
  });

  it('shows the page again with the message and what was written', async () => {
    const res = await post({ toolSlug: tool.slug, type: 'other', message: 'Too short', email: 'me@example.com' });
    expect(res.status).toBe(400);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const html = await res.text();
    expect(html).toContain(LISTING_MSG.reportMessageRequired);
    expect(html).toContain('Too short');
    expect(html).toContain('me@example.com');
    expect(html).toMatch(
      /<form\b[^>]*action="\/report"[^>]*method="post"|<form\b[^>]*method="post"[^>]*action="\/report"/,
    );
    expect(await rows()).toHaveLength(0);
  });

  it('offers the problems to choose from, then the form of the one chosen', async () => {
    const choose = await (await handleRequest(new Request(`${BASE}/report?tool=${tool.slug}`))).text();
    expect(choose).toContain(`/report?tool=${tool.slug}&amp;type=pricing-wrong`);
    const form = await (await handleRequest(new Request(`${BASE}/report?tool=${tool.slug}&type=pricing-wrong`))).text();
    expect(form).toContain('name="pricingModel"');
    expect(form).toContain('name="website"');
  });
});

describe('/transparency', () => {
  it('counts reports received and resolved per month by type, and the median time to resolve', async () => {
    const now = new Date('2026-11-20T12:00:00Z');
    const at = (iso: string) => new Date(iso);
    const values = [
      { type: 'pricing-wrong', createdAt: at('2026-11-02T00:00:00Z'), resolvedAt: at('2026-11-03T00:00:00Z') },
      { type: 'pricing-wrong', createdAt: at('2026-11-05T00:00:00Z'), resolvedAt: null },
      { type: 'broken-link', createdAt: at('2026-10-30T00:00:00Z'), resolvedAt: at('2026-11-02T00:00:00Z') },
      { type: 'broken-link', createdAt: at('2026-10-01T00:00:00Z'), resolvedAt: at('2026-10-01T12:00:00Z') },
      // Before the twelve months: not counted.
      { type: 'other', createdAt: at('2025-10-15T00:00:00Z'), resolvedAt: at('2025-10-16T00:00:00Z') },
    ] as const;
    await db.insert(reports).values(
      values.map((v, i) => ({
        reference: `R-TEST0${i}`,
        toolId: tool.id,
        type: v.type,
        createdAt: v.createdAt,
        lastReportedAt: v.createdAt,
        state: v.resolvedAt ? ('resolved' as const) : ('new' as const),
        resolution: v.resolvedAt ? ('fixed' as const) : null,
        resolvedAt: v.resolvedAt,
      })),
    );
    const figures = await transparencyFigures(now, db);
    expect(figures.months).toHaveLength(12);
    const [november, october] = figures.months;
    expect(november.month).toBe('2026-11');
    expect(november.received['pricing-wrong']).toBe(2);
    expect(november.resolved).toMatchObject({ 'pricing-wrong': 1, 'broken-link': 1 });
    expect(october.received['broken-link']).toBe(2);
    expect(october.resolved['broken-link']).toBe(1);
    expect(figures.months.at(-1)?.month).toBe('2025-12');
    // 24 h, 72 h and 12 h: the median is 24 h.
    expect(figures.medianHoursToResolve).toBe(24);

    // The page as the export renders it: every month of the year, the figures in plain tables.
    const page = (await renderPage('/transparency', { appDir: config.appDir, siteUrl: BASE }))!;
    expect(page.status).toBe(200);
    expect(tagsOfHeader(page.headers.get(SURROGATE_KEY))).toContain(REPORTS_TAG);
    const html = await page.text();
    expect(html).toContain('Median time to resolve');
    expect(html).toContain('data-testid="transparency-received"');
  });
});
