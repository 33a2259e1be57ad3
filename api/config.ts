// Settings read from the environment, once, with the development defaults of DESIGN.md.
import { DEFAULT_PORT, siteUrlOf } from '../lib/site-url';

export const isProduction = process.env.NODE_ENV === 'production';

/** Where a trusted proxy puts the client's address: one header it overwrites, or N proxies appending to X-Forwarded-For. */
export type TrustedProxy = { header: string } | { hops: number } | null;

/** Reads TRUSTED_PROXY_HEADER / TRUSTED_PROXY_HOPS (docs/decisions/0021-client-address.md); throws on a setting that would trust the wrong thing. */
export function readTrustedProxy(env: Record<string, string | undefined>): TrustedProxy {
  const header = env.TRUSTED_PROXY_HEADER?.trim().toLowerCase();
  const hops = env.TRUSTED_PROXY_HOPS?.trim();
  if (header && hops) throw new Error('Set either TRUSTED_PROXY_HEADER or TRUSTED_PROXY_HOPS, not both');
  if (hops) {
    if (!/^[1-9]\d*$/.test(hops)) throw new Error(`TRUSTED_PROXY_HOPS must be a whole number of 1 or more, not "${hops}"`);
    return { hops: Number(hops) };
  }
  if (header) {
    if (header === 'x-forwarded-for') throw new Error('X-Forwarded-For is a list the client can start: set TRUSTED_PROXY_HOPS to the number of proxies instead of TRUSTED_PROXY_HEADER');
    if (!/^[!#$%&'*+.^_`|~0-9a-z-]+$/.test(header)) throw new Error(`TRUSTED_PROXY_HEADER must be a header name, not "${header}"`);
    return { header };
  }
  // The old switch trusted Fly-Client-IP and X-Forwarded-For at once; guessing which one meant would trust a forgeable one.
  if (env.TRUST_PROXY) {
    throw new Error('TRUST_PROXY is no longer read: set TRUSTED_PROXY_HEADER (e.g. fly-client-ip on Fly.io) or TRUSTED_PROXY_HOPS (the number of proxies appending to X-Forwarded-For), and unset TRUST_PROXY');
  }
  return null;
}

/** A whole number of 1 or more from the environment, else the default; throws on anything else. */
export function positiveWholeNumber(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const value = env[name]?.trim();
  if (!value) return fallback;
  if (!/^[1-9]\d{0,8}$/.test(value)) throw new Error(`${name} must be a whole number of 1 or more, not "${value}"`);
  return Number(value);
}

export const config = {
  isProduction,
  port: Number(process.env.PORT || DEFAULT_PORT),
  /** The public origin of the site, used for absolute links, e-mails and the Origin check. */
  siteUrl: siteUrlOf(process.env),
  /** Extra origins allowed to make state-changing requests (comma-separated). */
  trustedOrigins: (process.env.TRUSTED_ORIGINS || '').split(',').map((s) => s.trim()).filter(Boolean),
  google: {
    clientId: process.env.GOOGLE_CLIENT_ID || '',
    clientSecret: process.env.GOOGLE_CLIENT_SECRET || '',
  },
  stripe: {
    secretKey: process.env.STRIPE_SECRET_KEY || '',
    webhookSecret: process.env.STRIPE_WEBHOOK_SECRET || '',
    monthlyPriceId: process.env.STRIPE_PRICE_MONTHLY || '',
    annualPriceId: process.env.STRIPE_PRICE_ANNUAL || '',
  },
  resend: {
    apiKey: process.env.RESEND_API_KEY || '',
    from: process.env.EMAIL_FROM || 'AI Tools Directory <hello@example.com>',
  },
  /** The source of the client's address behind a proxy; null: the socket's. */
  trustedProxy: readTrustedProxy(process.env),
  /** Requests a minute the public API (/api/v1) answers per client address (docs/decisions/0036-public-api.md). */
  publicApiRateLimit: positiveWholeNumber(process.env, 'PUBLIC_API_RATE_LIMIT', 120),
  uploadsDir: process.env.UPLOADS_DIR || 'data/uploads',
  distDir: process.env.DIST_DIR || 'dist',
  /** Open Graph images rendered on their first request and kept (api/services/og-images.ts). */
  ogCacheDir: process.env.OG_CACHE_DIR || 'data/og',
  /** The Astro server build (`npm run build`): renders changed pages on demand and the static export. */
  appDir: process.env.APP_DIR || 'build/app',
  /** Several server machines over one database (docs/decisions/0059-several-machines.md). */
  cluster: {
    /** BUILD_LEASE_SECONDS: how long the worker lease lasts unrenewed; its holder renews it every third of that. */
    leaseSeconds: positiveWholeNumber(process.env, 'BUILD_LEASE_SECONDS', 30),
    /** PUBLISH_COMMAND: run after each swap with the new build folder as its last argument (e.g. a sync to a bucket). */
    publishCommand: (process.env.PUBLISH_COMMAND || '').trim(),
    /** PULL_COMMAND: run by a machine that did not build, with an empty folder to fill with the newest build as its last argument. */
    pullCommand: (process.env.PULL_COMMAND || '').trim(),
  },
};
