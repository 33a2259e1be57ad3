// Helpers for API tests: requests through app.handle, users and signed-in sessions.
import { eq } from 'drizzle-orm';
import { app } from '../../api/app';
import { hashPassword } from '../../api/auth/service';
import { SESSION_COOKIE, createSession } from '../../api/auth/sessions';
import { CLIENT_IP_HEADER } from '../../api/plugins/security';
import { db } from '../../db/client';
import { users, type NewUser, type User } from '../../db/schema';

export const BASE = 'http://localhost:4321';

export interface CallOptions {
  body?: unknown;
  cookie?: string;
  headers?: Record<string, string>;
  ip?: string;
}

/** Calls the app like a browser on the same origin would. */
export async function call(method: string, path: string, opts: CallOptions = {}): Promise<Response> {
  const headers = new Headers(opts.headers);
  headers.set(CLIENT_IP_HEADER, opts.ip ?? '203.0.113.1');
  if (opts.cookie) headers.set('cookie', opts.cookie);
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers.set('content-type', 'application/json');
  }
  return app.handle(new Request(`${BASE}${path}`, { method, headers, body }));
}

/** The session cookie a response set, as a Cookie header value. */
export function sessionCookie(res: Response): string | undefined {
  const match = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  return match && match !== `${SESSION_COOKIE}=` ? match : undefined;
}

let counter = 0;
/**
 * 'password123' hashed as the server hashes passwords, once per test file: every user made below shares the hash (a
 * real Argon2id one, which sign-in verifies for real), instead of paying for a new hash each (a fifth of a second on a
 * busy machine, and the tests make hundreds of users).
 */
let defaultHash: Promise<string> | undefined;

/** Inserts a user (password 'password123' unless given) and returns it. */
export async function makeUser(values: Partial<NewUser> = {}): Promise<User> {
  counter += 1;
  const password = values.password ?? (await (defaultHash ??= hashPassword('password123')));
  const [user] = await db
    .insert(users)
    .values({
      email: `user${counter}-${crypto.randomUUID().slice(0, 8)}@example.com`,
      firstName: 'Test',
      lastName: `User${counter}`,
      ...values,
      password,
    })
    .returning();
  return user;
}

/** A user with a live session: the user and the Cookie header that signs in as them. */
export async function signedIn(values: Partial<NewUser> = {}): Promise<{ user: User; cookie: string }> {
  const user = await makeUser(values);
  const { token } = await createSession(user.id);
  return { user, cookie: `${SESSION_COOKIE}=${token}` };
}

export async function reloadUser(id: number): Promise<User | undefined> {
  return db.query.users.findFirst({ where: eq(users.id, id) });
}
