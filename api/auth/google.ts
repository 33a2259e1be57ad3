// Sign in with Google (arctic): authorization URL with state and PKCE, then the account
// matched or created by verified e-mail.
import { Google, decodeIdToken, generateCodeVerifier, generateState } from 'arctic';
import { eq } from 'drizzle-orm';
import { db } from '../../db/client';
import { users, type User } from '../../db/schema';
import { config } from '../config';
import { welcomeEmail } from '../emails';
import { HttpError } from '../plugins/errors';
import { enqueueEmail } from '../services/email';
import { deleteUserSessions, signInBlock } from './sessions';

export const GOOGLE_CALLBACK_PATH = '/auth/google/callback';

export function googleConfigured(): boolean {
  return Boolean(config.google.clientId && config.google.clientSecret);
}

function client(): Google {
  return new Google(config.google.clientId, config.google.clientSecret, `${config.siteUrl}${GOOGLE_CALLBACK_PATH}`);
}

export function startGoogleSignIn(): { url: URL; state: string; codeVerifier: string } {
  const state = generateState();
  const codeVerifier = generateCodeVerifier();
  const url = client().createAuthorizationURL(state, codeVerifier, ['openid', 'profile', 'email']);
  return { url, state, codeVerifier };
}

interface GoogleClaims {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  picture?: string;
}

/** Exchanges the code, then finds the account by Google id or verified e-mail, creating it if new. */
export async function finishGoogleSignIn(code: string, codeVerifier: string): Promise<User> {
  const tokens = await client().validateAuthorizationCode(code, codeVerifier);
  const claims = decodeIdToken(tokens.idToken()) as GoogleClaims;
  if (!claims.email || claims.email_verified !== true) {
    throw new HttpError(403, 'Your Google account has no verified e-mail address');
  }
  const email = claims.email.toLowerCase();
  let user =
    (await db.query.users.findFirst({ where: eq(users.googleId, claims.sub) })) ??
    (await db.query.users.findFirst({ where: eq(users.email, email) }));
  if (user) {
    if (!user.googleId) {
      // Registration never proved the e-mail, Google just did: whoever set the password may not own
      // the address, so linking drops the password and every session made with it.
      const linked = user;
      [user] = await db.transaction(async (tx) => {
        await deleteUserSessions(linked.id, tx);
        return tx
          .update(users)
          .set({ googleId: claims.sub, password: null, emailVerifiedAt: new Date(), updatedAt: new Date() })
          .where(eq(users.id, linked.id))
          .returning();
      });
    }
  } else {
    const firstName = claims.given_name ?? null;
    const welcome = await welcomeEmail({ email, firstName });
    user = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          email,
          googleId: claims.sub,
          firstName,
          lastName: claims.family_name ?? null,
          profileImageUrl: claims.picture ?? null,
          emailVerifiedAt: new Date(),
        })
        .returning();
      await enqueueEmail(welcome, tx);
      return created;
    });
  }
  const blocked = signInBlock(user);
  if (blocked) throw new HttpError(403, blocked);
  return user;
}
