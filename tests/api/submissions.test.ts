import { describe, it, expect } from 'vitest';
import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { db } from '../../db/client';
import { changeRequests, emailOutbox, rebuildJobs, tools, type NewTool } from '../../db/schema';
import { MAX_LOGO_BYTES } from '../../lib/constants';
import { urlKey } from '../../lib/format';
import { MSG } from '../../lib/messages';
import { call, makeUser, reloadUser, signedIn } from '../helpers/api';
import {
  submissionForm as form,
  submissionValues,
  type SubmissionValues as FormValues,
  unique,
} from '../helpers/submission-form';

const validValues: typeof submissionValues = (overrides = {}) => submissionValues({ isPremium: 'false', ...overrides });

const logosDir = () => join(process.env.UPLOADS_DIR!, 'logos');
const storedLogos = () => (existsSync(logosDir()) ? readdirSync(logosDir()) : []);

// Each from its own address: this file submits far more than one address may in an hour (tests/api/submission-limits.test.ts).
let addresses = 0;
const submit = (cookie: string | undefined, body: FormData) =>
  call('POST', '/api/tools', { cookie, body, ip: `10.8.${(++addresses >> 8) & 255}.${addresses & 255}` });

const pngBytes = (width = 320, height = 200) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();
const jpegBytes = (width = 300, height = 500) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 140, b: 90 } } })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-exif-marker' } } })
    .jpeg()
    .toBuffer();

async function makeTool(values: Partial<NewTool> & { submittedById: number }) {
  const id = unique();
  const url = values.url ?? `https://existing-${id}.example.com`;
  const [tool] = await db
    .insert(tools)
    .values({
      name: `Existing ${id}`,
      slug: `existing-${id}`,
      description: 'An existing tool in the directory.',
      tags: ['design'],
      ...values,
      url,
      urlKey: urlKey(url),
    })
    .returning();
  return tool;
}

async function toolCountByName(name: string) {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(tools).where(eq(tools.name, name));
  return row.n;
}

describe('POST /api/tools: who may submit', () => {
  it('answers 401 Unauthorized when signed out', async () => {
    const res = await submit(undefined, form(validValues()));
    expect(res.status).toBe(401);
    expect(await res.text()).toBe(MSG.unauthorized);
  });

  it('refuses suspended and banned users and stores nothing', async () => {
    const suspended = await signedIn({
      accountStatus: 'suspended',
      suspendedUntil: new Date(Date.now() + 86_400_000),
      suspensionReason: 'Spam',
    });
    const banned = await signedIn({ accountStatus: 'banned', suspensionReason: 'Fraud' });
    for (const who of [suspended, banned]) {
      const values = validValues();
      const res = await submit(who.cookie, form(values));
      // A blocked account's session is ended on sight (api/auth/sessions.ts), so this is 401;
      // a block that did not end the session would answer 403 with the reason.
      expect([401, 403]).toContain(res.status);
      expect(await toolCountByName(values.name!)).toBe(0);
    }
  });
});

describe('POST /api/tools: validation messages of SPEC.md section 5', () => {
  const cases: [string, FormValues, string][] = [
    ['name missing', { name: undefined }, MSG.toolNameRequired],
    ['name blank', { name: '   ' }, MSG.toolNameRequired],
    ['name of 256 characters', { name: 'a'.repeat(256) }, MSG.toolNameTooLong],
    ['a URL that is not one', { url: 'not a url' }, MSG.invalidUrl],
    ['an ftp:// URL', { url: 'ftp://files.example.com/tool' }, MSG.invalidUrl],
    ['a URL over 500 characters', { url: `https://example.com/${'a'.repeat(500)}` }, MSG.urlTooLong],
    ['a description of 9 characters', { description: 'a'.repeat(9) }, MSG.descriptionTooShort],
    ['a description of 1001 characters', { description: 'a'.repeat(1001) }, MSG.descriptionTooLong],
    ['no category', { tags: [] }, MSG.categoryRequired],
    ['an unknown category', { tags: ['gardening'] }, MSG.categoryRequired],
  ];
  for (const [what, override, message] of cases) {
    it(`answers 400 '${message}' for ${what}`, async () => {
      const { cookie } = await signedIn();
      const values = validValues(override);
      const res = await submit(cookie, form(values));
      expect(res.status).toBe(400);
      expect(await res.text()).toBe(message);
    });
  }

  it('accepts names of 255 and descriptions of 10 and 1000 characters', async () => {
    const { cookie } = await signedIn();
    for (const override of [
      { name: 'b'.repeat(254) + unique().slice(-1) },
      { description: 'c'.repeat(10) },
      { description: 'd'.repeat(1000) },
    ]) {
      const res = await submit(cookie, form(validValues(override)));
      expect(res.status).toBe(201);
    }
  });

  it('refuses a JSON body: the submission is a multipart form', async () => {
    const { cookie } = await signedIn();
    const res = await call('POST', '/api/tools', { cookie, body: validValues() });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe(MSG.expectedMultipart);
  });
});

describe('POST /api/tools: a good submission', () => {
  it('creates a pending tool with the spec slug, answers 201 and queues the e-mail', async () => {
    const { user, cookie } = await signedIn({ firstName: 'Grace' });
    const values = validValues({
      name: `  Écrire: AI Writer ${unique()}  `,
      tags: ['marketing', 'content-creation', 'marketing'],
    });
    const res = await submit(cookie, form(values));
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({
      name: values.name!.trim(),
      url: values.url,
      description: values.description,
      tags: ['marketing', 'content-creation'],
      status: 'pending',
      isPremium: false,
      submittedById: user.id,
      logoUrl: null,
    });
    expect(body.slug).toMatch(/^crire-ai-writer-[a-z0-9-]+$/);
    const row = await db.query.tools.findFirst({ where: eq(tools.id, body.id) });
    expect(row?.urlKey).toBe(urlKey(values.url!));
    const mail = await db.select().from(emailOutbox).where(eq(emailOutbox.to, user.email));
    expect(mail).toHaveLength(1);
    expect(mail[0].kind).toBe('submission-received');
    expect(mail[0].subject).toContain(values.name!.trim());
    expect(mail[0].text).toContain('48 hours');
  });

  it('appends a number to a slug that is taken', async () => {
    const { user, cookie } = await signedIn();
    await makeTool({ submittedById: user.id, name: 'Clash Bot', slug: 'clash-bot' });
    const first = await (await submit(cookie, form(validValues({ name: 'Clash Bot' })))).json();
    const second = await (await submit(cookie, form(validValues({ name: 'clash  bot!' })))).json();
    expect(first.slug).toBe('clash-bot-2');
    expect(second.slug).toBe('clash-bot-3');
  });

  it('does not let the submitter choose status, owner or premium flags beyond the form', async () => {
    const { user, cookie } = await signedIn();
    const other = await makeUser();
    const body = form(validValues());
    body.append('status', 'approved');
    body.append('submittedById', String(other.id));
    body.append('qualityScore', '10');
    const created = await (await submit(cookie, body)).json();
    expect(created).toMatchObject({ status: 'pending', submittedById: user.id, qualityScore: null });
  });
});

describe('POST /api/tools: the logo', () => {
  it('re-encodes a PNG to a 256x256 WebP under a random name and serves it with nosniff', async () => {
    const { cookie } = await signedIn();
    const before = storedLogos();
    const res = await submit(
      cookie,
      form(validValues(), { bytes: await pngBytes(), name: 'my-logo.png', type: 'image/png' }),
    );
    expect(res.status).toBe(201);
    const { logoUrl } = await res.json();
    expect(logoUrl).toMatch(/^\/uploads\/logos\/[0-9a-f-]{36}\.webp$/);
    expect(logoUrl).not.toContain('my-logo');
    expect(storedLogos()).toHaveLength(before.length + 1);

    // A pending tool's logo is its submitter's and reviewers' (docs/decisions/0067).
    const served = await call('GET', logoUrl, { cookie });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
  });

  it('re-encodes a JPEG to a 256x256 WebP without its metadata', async () => {
    const { cookie } = await signedIn();
    const jpeg = await jpegBytes();
    expect(jpeg.includes('secret-exif-marker')).toBe(true);
    const res = await submit(cookie, form(validValues(), { bytes: jpeg, name: 'photo.jpg', type: 'image/jpeg' }));
    expect(res.status).toBe(201);
    const { logoUrl } = await res.json();
    const served = Buffer.from(await (await call('GET', logoUrl, { cookie })).arrayBuffer());
    const meta = await sharp(served).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect(served.includes('secret-exif-marker')).toBe(false);
  });

  it('answers 415 for a text file named logo.png, whatever its declared type', async () => {
    const { cookie } = await signedIn();
    const before = storedLogos();
    const values = validValues();
    const text = new TextEncoder().encode('This is not an image, just text pretending to be one.');
    const res = await submit(cookie, form(values, { bytes: text, name: 'logo.png', type: 'image/png' }));
    expect(res.status).toBe(415);
    expect(await res.text()).toBe(MSG.logoWrongType);
    expect(storedLogos()).toEqual(before);
    expect(await toolCountByName(values.name!)).toBe(0);
  });

  it('answers 415 for a real image of another type (GIF, SVG)', async () => {
    const { cookie } = await signedIn();
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    for (const [bytes, name] of [
      [gif, 'logo.png'],
      [svg, 'logo.svg'],
    ] as const) {
      const res = await submit(cookie, form(validValues(), { bytes, name, type: 'image/png' }));
      expect(res.status).toBe(415);
    }
  });

  it('answers 413 for a logo of 2 MiB + 1 byte and accepts one of exactly 2 MiB', async () => {
    const { cookie } = await signedIn();
    const png = await pngBytes(64, 64);
    // A valid PNG padded after its end: the size is what is judged here.
    const padded = (size: number) => {
      const bytes = new Uint8Array(size);
      bytes.set(png);
      return bytes;
    };
    const before = storedLogos();
    const values = validValues();
    const tooBig = await submit(
      cookie,
      form(values, { bytes: padded(MAX_LOGO_BYTES + 1), name: 'big.png', type: 'image/png' }),
    );
    expect(tooBig.status).toBe(413);
    expect(await tooBig.text()).toBe(MSG.fileTooLarge);
    expect(storedLogos()).toEqual(before);
    expect(await toolCountByName(values.name!)).toBe(0);

    const justFits = await submit(
      cookie,
      form(validValues(), { bytes: padded(MAX_LOGO_BYTES), name: 'fits.png', type: 'image/png' }),
    );
    expect(justFits.status).toBe(201);
  });

  it('refuses a decompression bomb by its declared dimensions before decoding it', async () => {
    const { cookie } = await signedIn();
    const small = await pngBytes(8, 8);
    for (const side of [7_000, 40_000]) {
      const bomb = withPngDimensions(small, side, side);
      expect((await sharp(bomb, { limitInputPixels: false }).metadata()).width).toBe(side);
      const values = validValues();
      const res = await submit(cookie, form(values, { bytes: bomb, name: 'bomb.png', type: 'image/png' }));
      expect(res.status).toBe(413);
      expect(await res.text()).toBe(MSG.logoTooManyPixels);
      expect(await toolCountByName(values.name!)).toBe(0);
    }
  });

  it('answers 400 for a PNG whose image data is corrupt', async () => {
    const { cookie } = await signedIn();
    const png = Buffer.from(await pngBytes(64, 64));
    const idat = png.indexOf('IDAT');
    const length = png.readUInt32BE(idat - 4);
    const broken = Buffer.from(png);
    broken.fill(0xa5, idat + 4, idat + 4 + length);
    const values = validValues();
    const res = await submit(cookie, form(values, { bytes: broken, name: 'broken.png', type: 'image/png' }));
    expect(res.status).toBe(400);
    expect(await res.text()).toBe(MSG.logoUnreadable);
    expect(await toolCountByName(values.name!)).toBe(0);
  });

  it('treats an empty file part (no file chosen) as no logo', async () => {
    const { cookie } = await signedIn();
    const res = await submit(
      cookie,
      form(validValues(), { bytes: new Uint8Array(0), name: '', type: 'application/octet-stream' }),
    );
    expect(res.status).toBe(201);
    expect((await res.json()).logoUrl).toBeNull();
  });
});

describe('POST /api/tools: a failed request leaves nothing behind', () => {
  it('stores no file and no row when a field is invalid beside a valid logo', async () => {
    const { user, cookie } = await signedIn();
    const before = storedLogos();
    const values = validValues({ description: 'too short' });
    const res = await submit(cookie, form(values, { bytes: await pngBytes(), name: 'logo.png', type: 'image/png' }));
    expect(res.status).toBe(400);
    expect(storedLogos()).toEqual(before);
    expect(await toolCountByName(values.name!)).toBe(0);
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.to, user.email))).toHaveLength(0);
  });

  it('removes the written logo and rolls back the quota when the insert fails', async () => {
    const { user, cookie } = await signedIn({ isPremium: true, premiumToolsAllowed: 3, premiumToolsUsed: 0 });
    const before = storedLogos();
    const values = validValues({ isPremium: 'true' });
    await db.run(
      sql.raw(
        `CREATE TRIGGER fail_tool_insert BEFORE INSERT ON tools BEGIN SELECT RAISE(ABORT, 'simulated failure'); END`,
      ),
    );
    try {
      const res = await submit(cookie, form(values, { bytes: await pngBytes(), name: 'logo.png', type: 'image/png' }));
      expect(res.status).toBe(500);
    } finally {
      await db.run(sql.raw('DROP TRIGGER fail_tool_insert'));
    }
    expect(storedLogos()).toEqual(before);
    expect(await toolCountByName(values.name!)).toBe(0);
    expect((await reloadUser(user.id))?.premiumToolsUsed).toBe(0);
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.to, user.email))).toHaveLength(0);
  });
});

describe('POST /api/tools: premium submissions', () => {
  it('answers 403 to a user without a Premium membership', async () => {
    const { user, cookie } = await signedIn({ isPremium: false, premiumToolsAllowed: 3 });
    const values = validValues({ isPremium: 'true' });
    const res = await submit(cookie, form(values));
    expect(res.status).toBe(403);
    expect(await res.text()).toBe(MSG.premiumRequiresMembership);
    expect(await toolCountByName(values.name!)).toBe(0);
    expect((await reloadUser(user.id))?.premiumToolsUsed).toBe(0);
  });

  it('answers 403 when the quota is used up', async () => {
    const { cookie } = await signedIn({ isPremium: true, premiumToolsAllowed: 3, premiumToolsUsed: 3 });
    const res = await submit(cookie, form(validValues({ isPremium: 'true' })));
    expect(res.status).toBe(403);
    expect(await res.text()).toBe(MSG.premiumQuotaUsed);
  });

  it('counts a premium submission and leaves free ones uncounted', async () => {
    const { user, cookie } = await signedIn({ isPremium: true, premiumToolsAllowed: 3, premiumToolsUsed: 1 });
    const premium = await submit(cookie, form(validValues({ isPremium: 'true' })));
    expect(premium.status).toBe(201);
    expect((await premium.json()).isPremium).toBe(true);
    const free = await submit(cookie, form(validValues({ isPremium: 'false' })));
    expect((await free.json()).isPremium).toBe(false);
    expect((await reloadUser(user.id))?.premiumToolsUsed).toBe(2);
  });

  for (const withLogo of [true, false]) {
    it(`gives the last slot to exactly one of two parallel requests (${withLogo ? 'with' : 'without'} logos)`, async () => {
      const { user, cookie } = await signedIn({ isPremium: true, premiumToolsAllowed: 3, premiumToolsUsed: 2 });
      const before = storedLogos();
      const png = await pngBytes();
      const logo = withLogo ? { bytes: png, name: 'logo.png', type: 'image/png' } : undefined;
      const results = await Promise.all(
        [1, 2].map(() => submit(cookie, form(validValues({ isPremium: 'true' }), logo))),
      );
      expect(results.map((r) => r.status).sort()).toEqual([201, 403]);
      expect(await results.find((r) => r.status === 403)!.text()).toBe(MSG.premiumQuotaUsed);
      expect((await reloadUser(user.id))?.premiumToolsUsed).toBe(3);
      const created = await db.select().from(tools).where(eq(tools.submittedById, user.id));
      expect(created).toHaveLength(1);
      expect(created[0].isPremium).toBe(true);
      // The loser's logo was written before its transaction failed, and removed again.
      expect(storedLogos()).toHaveLength(before.length + (withLogo ? 1 : 0));
    });
  }

  it('waits for a write transaction held elsewhere instead of failing', async () => {
    const { cookie } = await signedIn();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let began!: () => void;
    const begun = new Promise<void>((resolve) => (began = resolve));
    const other = db.transaction(async (tx) => {
      await tx.insert(rebuildJobs).values({ reason: 'held by another feature' });
      began();
      await held;
    });
    await begun;
    const pending = submit(cookie, form(validValues()));
    setTimeout(release, 30);
    const res = await pending;
    await other;
    expect(res.status).toBe(201);
  });

  it('refuses the isPremium field unless it reads true or false', async () => {
    const { cookie } = await signedIn({ isPremium: true, premiumToolsAllowed: 3 });
    const res = await submit(cookie, form(validValues({ isPremium: 'yes' })));
    expect(res.status).toBe(400);
  });
});

describe('POST /api/tools: duplicate URLs', () => {
  it('refuses a URL already listed, with www and a trailing slash, naming the tool', async () => {
    const owner = await makeUser();
    const listed = await makeTool({
      submittedById: owner.id,
      name: 'Listed Writer',
      url: 'https://dup-listed.example.com/app',
      status: 'approved',
    });
    const { cookie } = await signedIn();
    for (const url of ['https://www.dup-listed.example.com/app/', 'http://DUP-LISTED.example.com/app']) {
      const res = await submit(cookie, form(validValues({ url })));
      expect(res.status).toBe(409);
      expect(await res.text()).toBe(MSG.toolAlreadyListed(listed.name));
    }
  });

  it('refuses a URL awaiting review and one that is unlisted', async () => {
    const owner = await makeUser();
    const pending = await makeTool({
      submittedById: owner.id,
      name: 'Pending Painter',
      url: 'https://www.dup-pending.example.com',
      status: 'pending',
    });
    const unlisted = await makeTool({
      submittedById: owner.id,
      name: 'Hidden Helper',
      url: 'https://dup-unlisted.example.com',
      status: 'unlisted',
    });
    const { cookie } = await signedIn();
    const res = await submit(cookie, form(validValues({ url: 'https://dup-pending.example.com/' })));
    expect(res.status).toBe(409);
    expect(await res.text()).toBe(MSG.toolAlreadyPending(pending.name));
    const hidden = await submit(cookie, form(validValues({ url: 'https://www.dup-unlisted.example.com' })));
    expect(hidden.status).toBe(409);
    expect(await hidden.text()).toContain(unlisted.name);
  });

  it('accepts the URL of a rejected tool again', async () => {
    const owner = await makeUser();
    await makeTool({
      submittedById: owner.id,
      url: 'https://dup-rejected.example.com',
      status: 'rejected',
      rejectionReason: 'Not AI',
    });
    const { cookie } = await signedIn();
    const res = await submit(cookie, form(validValues({ url: 'https://www.dup-rejected.example.com/' })));
    expect(res.status).toBe(201);
  });
});

describe('GET /api/user/tools', () => {
  it('answers 401 when signed out', async () => {
    expect((await call('GET', '/api/user/tools')).status).toBe(401);
  });

  it("lists only the user's tools, newest first, with what the dashboard shows", async () => {
    const { user, cookie } = await signedIn();
    const other = await makeUser();
    const t0 = Date.now() - 60_000;
    const oldest = await makeTool({
      submittedById: user.id,
      submittedAt: new Date(t0),
      status: 'approved',
      isPremium: true,
    });
    const newest = await makeTool({
      submittedById: user.id,
      submittedAt: new Date(t0 + 2000),
      status: 'rejected',
      rejectionReason: 'Duplicate of another tool',
    });
    const middle = await makeTool({ submittedById: user.id, submittedAt: new Date(t0 + 1000), status: 'pending' });
    const sameTimeLater = await makeTool({
      submittedById: user.id,
      submittedAt: new Date(t0 + 1000),
      status: 'pending',
    });
    await makeTool({ submittedById: other.id, submittedAt: new Date(t0 + 5000) });
    await db
      .insert(changeRequests)
      .values({ toolId: oldest.id, submittedById: user.id, requestData: { description: 'A better description.' } });

    const res = await call('GET', '/api/user/tools', { cookie });
    expect(res.status).toBe(200);
    const list = await res.json();
    expect(list.map((t: { id: number }) => t.id)).toEqual([newest.id, sameTimeLater.id, middle.id, oldest.id]);
    expect(list[0]).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Duplicate of another tool',
      pendingChangeRequest: false,
    });
    expect(list[3]).toMatchObject({
      status: 'approved',
      isPremium: true,
      slug: oldest.slug,
      pendingChangeRequest: true,
    });
    expect(list[3].pendingChangeRequestId).toEqual(expect.any(Number));
    expect(list[0].submittedAt).toEqual(expect.any(String));
    expect(list[0].urlKey).toBeUndefined();
    expect(res.headers.get('link')).toBeNull();
  });

  it('answers all of the tools without a query (SPEC.md), or the page a limit or offset asks for (12 by default) with a Link to the next', async () => {
    const { user, cookie } = await signedIn();
    const t0 = Date.now() - 600_000;
    // 14 tools, the newest last; a page of the directory is 12.
    const made = [];
    for (let i = 0; i < 14; i++)
      made.push(await makeTool({ submittedById: user.id, submittedAt: new Date(t0 + i * 1000) }));
    const newestFirst = made.map((t) => t.id).reverse();

    const all = await call('GET', '/api/user/tools', { cookie });
    expect(all.status).toBe(200);
    expect((await all.json()).map((t: { id: number }) => t.id)).toEqual(newestFirst);
    expect(all.headers.get('link')).toBeNull();

    const first = await call('GET', '/api/user/tools?offset=0', { cookie });
    expect(first.status).toBe(200);
    expect((await first.json()).map((t: { id: number }) => t.id)).toEqual(newestFirst.slice(0, 12));
    expect(first.headers.get('link')).toBe('</api/user/tools?limit=12&offset=12>; rel="next"');

    const second = await call('GET', '/api/user/tools?limit=12&offset=12', { cookie });
    expect((await second.json()).map((t: { id: number }) => t.id)).toEqual(newestFirst.slice(12));
    expect(second.headers.get('link')).toBeNull();

    const middle = await call('GET', '/api/user/tools?limit=5&offset=5', { cookie });
    expect((await middle.json()).map((t: { id: number }) => t.id)).toEqual(newestFirst.slice(5, 10));
    expect(middle.headers.get('link')).toBe('</api/user/tools?limit=5&offset=10>; rel="next"');

    // A page that ends exactly at the last tool has no next page.
    const exact = await call('GET', '/api/user/tools?limit=7&offset=7', { cookie });
    expect(await exact.json()).toHaveLength(7);
    expect(exact.headers.get('link')).toBeNull();
    expect(await (await call('GET', '/api/user/tools?offset=100', { cookie })).json()).toEqual([]);
  });

  it('says on each page which of its tools has an open change request', async () => {
    const { user, cookie } = await signedIn();
    const t0 = Date.now() - 60_000;
    const older = await makeTool({ submittedById: user.id, submittedAt: new Date(t0), status: 'approved' });
    const newer = await makeTool({ submittedById: user.id, submittedAt: new Date(t0 + 1000), status: 'approved' });
    const [request] = await db
      .insert(changeRequests)
      .values({ toolId: older.id, submittedById: user.id, requestData: { name: 'Renamed' } })
      .returning();
    const [first] = await (await call('GET', '/api/user/tools?limit=1', { cookie })).json();
    expect(first).toMatchObject({ id: newer.id, pendingChangeRequest: false, pendingChangeRequestId: null });
    const [second] = await (await call('GET', '/api/user/tools?limit=1&offset=1', { cookie })).json();
    expect(second).toMatchObject({ id: older.id, pendingChangeRequest: true, pendingChangeRequestId: request.id });
    const whole = await (await call('GET', '/api/user/tools', { cookie })).json();
    expect(whole).toMatchObject([
      { id: newer.id, pendingChangeRequest: false, pendingChangeRequestId: null },
      { id: older.id, pendingChangeRequest: true, pendingChangeRequestId: request.id },
    ]);
  });

  it('takes the limit rules of GET /api/tools: 400 with their messages, nothing listed', async () => {
    const { cookie } = await signedIn();
    for (const query of ['limit=0', 'limit=101', 'limit=-1', 'limit=1.5', 'limit=abc']) {
      const res = await call('GET', `/api/user/tools?${query}`, { cookie });
      expect(res.status, query).toBe(400);
      expect(await res.text()).toBe(MSG.invalidLimit);
    }
    for (const query of ['offset=-1', 'offset=x', 'offset=1e3']) {
      const res = await call('GET', `/api/user/tools?${query}`, { cookie });
      expect(res.status, query).toBe(400);
      expect(await res.text()).toBe(MSG.invalidOffset);
    }
    expect((await call('GET', '/api/user/tools?limit=100', { cookie })).status).toBe(200);
    expect((await call('GET', '/api/user/tools?limit=', { cookie })).status).toBe(200);
  });
});

describe('GET /api/user/tools/stats', () => {
  it('answers 401 when signed out', async () => {
    expect((await call('GET', '/api/user/tools/stats')).status).toBe(401);
  });

  it("counts all of the user's tools for the dashboard's cards, whatever page the list shows", async () => {
    const { user, cookie } = await signedIn();
    const other = await makeUser();
    for (let i = 0; i < 13; i++) await makeTool({ submittedById: user.id, status: 'approved', isPremium: i < 2 });
    await makeTool({ submittedById: user.id, status: 'pending' });
    await makeTool({ submittedById: user.id, status: 'pending', isPremium: true });
    await makeTool({ submittedById: user.id, status: 'rejected', rejectionReason: 'Not an AI tool' });
    await makeTool({ submittedById: user.id, status: 'unlisted', unlistReason: 'Down' });
    await makeTool({ submittedById: other.id, status: 'approved' });

    const res = await call('GET', '/api/user/tools/stats', { cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ total: 17, approved: 13, pending: 2, premium: 3 });

    const { cookie: newcomer } = await signedIn();
    expect(await (await call('GET', '/api/user/tools/stats', { cookie: newcomer })).json()).toEqual({
      total: 0,
      approved: 0,
      pending: 0,
      premium: 0,
    });
  });
});

describe('GET /api/user/tools/:id (private preview)', () => {
  it('shows a pending tool to its owner and to reviewers, and 404 to anyone else', async () => {
    const { user, cookie } = await signedIn();
    const tool = await makeTool({ submittedById: user.id, status: 'pending' });
    const owner = await call('GET', `/api/user/tools/${tool.id}`, { cookie });
    expect(owner.status).toBe(200);
    expect((await owner.json()).name).toBe(tool.name);

    const reviewer = await signedIn({ role: 'guest_reviewer' });
    expect((await call('GET', `/api/user/tools/${tool.id}`, { cookie: reviewer.cookie })).status).toBe(200);

    const stranger = await signedIn();
    const hidden = await call('GET', `/api/user/tools/${tool.id}`, { cookie: stranger.cookie });
    expect(hidden.status).toBe(404);
    expect((await call('GET', '/api/user/tools/999999', { cookie: stranger.cookie })).status).toBe(404);
    expect((await call('GET', '/api/user/tools/abc', { cookie })).status).toBe(404);
    expect((await call('GET', `/api/user/tools/${tool.id}`)).status).toBe(401);
  });
});

/** A copy of a PNG whose header claims other dimensions (the IHDR chunk and its CRC rewritten). */
function withPngDimensions(png: Uint8Array, width: number, height: number): Buffer {
  const bytes = Buffer.from(png);
  // signature (8) + length (4) + 'IHDR' (4), then width and height.
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29);
  return bytes;
}

function crc32(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
