// The accounts a test makes for itself, written straight into the e2e server's database, and deleted with all they own.
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@libsql/client';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/libsql';
import * as schema from '../../db/schema';
import {
  blogPosts,
  changeRequests,
  emailOutbox,
  sessions,
  tools,
  users,
  type NewTool,
  type NewUser,
} from '../../db/schema';
import { PREMIUM_SUBMISSIONS } from '../../lib/constants';
import { urlKey } from '../../lib/format';

/** The password of every account made here: the sign-in forms are tested with it. */
const TEST_PASSWORD = 'fixture-secret-1';

/** What a test may ask of its account: a role, the isAdmin flag, Premium, a name, a verified address. */
export type NewTestUser = Pick<
  NewUser,
  'role' | 'isAdmin' | 'isPremium' | 'premiumToolsAllowed' | 'firstName' | 'lastName' | 'emailVerifiedAt'
>;

/** The account that runs the directory: the admin role and the isAdmin flag, as the seeded admin has. */
export const ADMIN: NewTestUser = { role: 'admin', isAdmin: true };

export interface TestUser {
  id: number;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/**
 * The session cookie (decision 0002: `sid` outside production), the readable hint that the static pages read, and the
 * lifetimes, as api/auth/sessions.ts has them: that module runs on Bun only (bun:sqlite), these tests on Node.
 */
const SESSION_COOKIE = 'sid';
const SIGNED_IN_HINT = 'signed_in';
const IDLE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
const ABSOLUTE_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

let database: ReturnType<typeof open> | undefined;

/**
 * The server's database (tests/e2e/server.ts under E2E_DATA_DIR, which playwright.config.ts sets for the whole run).
 * One connection, so the foreign keys pragma holds for every statement; the busy timeout waits for the server's
 * writes (each a few milliseconds) instead of failing.
 */
function open() {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run the e2e tests through playwright.config.ts');
  const client = createClient({ url: `file:${join(dir, 'app.db')}`, timeout: 10_000, concurrency: 1 });
  return client.execute('PRAGMA foreign_keys = ON').then(() => drizzle(client, { schema }));
}

const db = () => (database ??= open());

let passwordHash: string | undefined;
/**
 * TEST_PASSWORD hashed as the server hashes passwords (Bun.password, argon2id). The tests run in Node, which has no
 * Bun.password, so the project's Bun hashes it, once per worker.
 */
function hashedPassword(): string {
  const bun = fileURLToPath(new URL('../../node_modules/.bin/bun', import.meta.url));
  passwordHash ??= execFileSync(
    bun,
    ['-e', 'process.stdout.write(await Bun.password.hash(process.env.PASSWORD, { algorithm: "argon2id" }))'],
    {
      encoding: 'utf8',
      env: { ...process.env, PASSWORD: TEST_PASSWORD },
    },
  );
  return passwordHash;
}

/** A new account with an e-mail no other test, worker or run uses. */
export async function createUser(options: NewTestUser = {}): Promise<TestUser> {
  const email = `e2e-${randomUUID()}@example.com`;
  const firstName = options.firstName ?? 'Test';
  const lastName = options.lastName ?? `User ${email.slice(4, 12)}`;
  const [row] = await (await db())
    .insert(users)
    // A Premium member gets the Premium submissions that making them Premium in the admin panel gives.
    .values({
      premiumToolsAllowed: options.isPremium ? PREMIUM_SUBMISSIONS : 0,
      ...options,
      email,
      firstName,
      lastName,
      password: hashedPassword(),
    })
    .returning({ id: users.id });
  return { id: row.id, email, password: TEST_PASSWORD, firstName, lastName };
}

/** A live session of the user, as signing in makes one (api/auth/sessions.ts): the cookie's token and its hashed row. */
async function createSession(userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  await (await db()).insert(sessions).values({
    sid: createHash('sha256').update(token).digest('hex'),
    userId,
    sess: {},
    expire: new Date(now + IDLE_LIFETIME_MS),
    absoluteExpire: new Date(now + ABSOLUTE_LIFETIME_MS),
  });
  return token;
}

/** The cookies a browser holds once the user has signed in at baseURL (for addCookies and for a storageState alike). */
export async function sessionCookies(userId: number, baseURL: string) {
  const token = await createSession(userId);
  const cookie = { domain: new URL(baseURL).hostname, path: '/', expires: -1, secure: false, sameSite: 'Lax' as const };
  return [
    { ...cookie, name: SESSION_COOKIE, value: token, httpOnly: true },
    { ...cookie, name: SIGNED_IN_HINT, value: '1', httpOnly: false },
  ];
}

/** Tools of the user's own, written as they would stand after their submission (pending unless told). */
export async function insertTools(userId: number, values: Omit<NewTool, 'submittedById' | 'urlKey'>[]): Promise<void> {
  await (await db())
    .insert(tools)
    .values(values.map((tool) => ({ ...tool, urlKey: urlKey(tool.url), submittedById: userId })));
}

/**
 * Takes what the users made public off the site through the API, as an editor would (their approved and discontinued
 * tools unlisted, their published posts back to drafts), signed in as an admin made for the purpose. The server then renders the
 * pages that listed them (the directory, categories, the blog, the feeds) again; a row deleted behind its back would
 * stay on them until some later change rebuilt those pages, and a test reading them meanwhile would see a ghost.
 */
async function withdrawPublic(ids: number[], baseURL: string): Promise<number[]> {
  const database = await db();
  const listed = await database
    .select({ id: tools.id })
    .from(tools)
    .where(and(inArray(tools.submittedById, ids), inArray(tools.status, ['approved', 'discontinued'])));
  // A discontinued tool is on /graveyard: it is listed again first, so unlisting it takes it off there too.
  const discontinued = await database
    .select({ id: tools.id })
    .from(tools)
    .where(and(inArray(tools.submittedById, ids), eq(tools.status, 'discontinued')));
  const published = await database
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(and(inArray(blogPosts.authorId, ids), eq(blogPosts.status, 'published')));
  if (listed.length === 0 && published.length === 0) return [];
  const editor = await createUser(ADMIN);
  const cookie = `${SESSION_COOKIE}=${await createSession(editor.id)}`;
  const call = async (method: string, path: string, body: object) => {
    const res = await fetch(new URL(path, baseURL), {
      method,
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok)
      throw new Error(`${method} ${path} while deleting a test's accounts: ${res.status} ${await res.text()}`);
  };
  for (const { id } of discontinued) await call('POST', `/api/admin/tools/${id}/revive`, {});
  for (const { id } of listed) await call('POST', `/api/admin/tools/${id}/unlist`, { reason: 'Test over' });
  for (const { id } of published) await call('PATCH', `/api/admin/blog/posts/${id}`, { status: 'draft' });
  return [editor.id];
}

/**
 * Deletes the users (by id, and those registered with the given e-mails) and everything they own, once what they
 * made public is off the site: their tools (with their reviews, alternatives, change requests and metrics, by
 * cascade), the change requests they filed on others' tools, their posts, and their sessions (by cascade). What they
 * did to others' rows stays, as a deleted account's would: reviews, handled messages and audit entries lose their
 * actor (set null).
 */
export async function deleteUsers(ids: number[], emails: string[], baseURL: string): Promise<void> {
  const database = await db();
  const registered = emails.length
    ? await database.select({ id: users.id }).from(users).where(inArray(users.email, emails))
    : [];
  const owners = [...ids, ...registered.map((row) => row.id)];
  if (owners.length === 0) return;
  const all = [...owners, ...(await withdrawPublic(owners, baseURL))];
  await database.batch([
    database.delete(changeRequests).where(inArray(changeRequests.submittedById, all)),
    database.delete(tools).where(inArray(tools.submittedById, all)),
    database.delete(blogPosts).where(inArray(blogPosts.authorId, all)),
    database.delete(users).where(inArray(users.id, all)),
  ]);
}

/** The text of the newest e-mail of `kind` the server queued for `to` (development mode keeps every one in the outbox). */
export async function latestEmailText(to: string, kind: string): Promise<string | undefined> {
  const [row] = await (await db())
    .select({ text: emailOutbox.text })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), eq(emailOutbox.kind, kind)))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  return row?.text;
}
