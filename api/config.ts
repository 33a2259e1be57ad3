// Settings read from the environment once, at start, and validated as a whole (docs/decisions/0057): development and
// tests need none; production refuses to start on a missing or half setting, naming every one at once.
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';
import { databaseKind, databaseSettings, DEFAULT_DATABASE_URL } from '../db/settings';
import { DEFAULT_PORT, siteUrlOf } from '../lib/site-url';
import { uploadStorageOf } from '../db/upload-store';

type Env = Record<string, string | undefined>;

/** Where a trusted proxy puts the client's address: one header it overwrites, or N proxies appending to X-Forwarded-For. */
export type TrustedProxy = { header: string } | { hops: number } | null;

/**
 * Whether a proxy could be writing the client's address under this name: one ending in -ip or -clientip (fly-client-ip,
 * cf-connecting-ip, true-client-ip, x-real-ip, x-azure-clientip), or another x- header (x-envoy-external-address), but
 * none of the x-forwarded-* family, which carries a list, a host, a scheme or a port. A standard header (Host, Origin,
 * User-Agent, Forwarded, Content-*) is the client's own words, and Host may well read like an address.
 */
function isClientAddressHeader(name: string): boolean {
  return /-(?:client)?ip$/.test(name) || (name.startsWith('x-') && !name.startsWith('x-forwarded-'));
}

/** Reads TRUSTED_PROXY_HEADER / TRUSTED_PROXY_HOPS (docs/decisions/0021-client-address.md); throws on a setting that would trust the wrong thing. */
export function readTrustedProxy(env: Env): TrustedProxy {
  const header = env.TRUSTED_PROXY_HEADER?.trim().toLowerCase();
  const hops = env.TRUSTED_PROXY_HOPS?.trim();
  if (header && hops) throw new Error('Set either TRUSTED_PROXY_HEADER or TRUSTED_PROXY_HOPS, not both');
  if (hops) {
    if (!/^[1-9]\d*$/.test(hops))
      throw new Error(`TRUSTED_PROXY_HOPS must be a whole number of 1 or more, not "${hops}"`);
    return { hops: Number(hops) };
  }
  if (header) {
    if (header === 'x-forwarded-for')
      throw new Error(
        'X-Forwarded-For is a list the client can start: set TRUSTED_PROXY_HOPS to the number of proxies instead of TRUSTED_PROXY_HEADER',
      );
    if (!/^[!#$%&'*+.^_`|~0-9a-z-]+$/.test(header))
      throw new Error(`TRUSTED_PROXY_HEADER must be a header name, not "${header}"`);
    if (!isClientAddressHeader(header)) {
      throw new Error(
        `TRUSTED_PROXY_HEADER must name the header your proxy writes the client's address to (fly-client-ip, cf-connecting-ip, true-client-ip, x-real-ip: a name ending in -ip, or an x- header), not "${header}", which the client writes`,
      );
    }
    return { header };
  }
  // The old switch trusted Fly-Client-IP and X-Forwarded-For at once; guessing which one meant would trust a forgeable one.
  if (env.TRUST_PROXY) {
    throw new Error(
      'TRUST_PROXY is no longer read: set TRUSTED_PROXY_HEADER (e.g. fly-client-ip on Fly.io) or TRUSTED_PROXY_HOPS (the number of proxies appending to X-Forwarded-For), and unset TRUST_PROXY',
    );
  }
  return null;
}

/** A whole number of 1 or more from the environment, else the default; throws on anything else. */
export function positiveWholeNumber(env: Env, name: string, fallback: number): number {
  const value = env[name]?.trim();
  if (!value) return fallback;
  if (!/^[1-9]\d{0,8}$/.test(value)) throw new Error(`${name} must be a whole number of 1 or more, not "${value}"`);
  return Number(value);
}

/** Most processes SERVER_PROCESSES may ask for. */
const MAX_SERVER_PROCESSES = 16;

/**
 * How many processes serve: SERVER_PROCESSES, else one per core in production (as nginx's `worker_processes auto`)
 * and one elsewhere, where a single process is easier to follow. Throws on a value that is not a count.
 */
export function serverProcesses(env: Env = process.env, cores = availableParallelism()): number {
  const set = env.SERVER_PROCESSES?.trim();
  if (!set) return env.NODE_ENV === 'production' ? Math.min(cores, MAX_SERVER_PROCESSES) : 1;
  if (!/^[1-9]\d*$/.test(set) || Number(set) > MAX_SERVER_PROCESSES) {
    throw new Error(`SERVER_PROCESSES must be a whole number from 1 to ${MAX_SERVER_PROCESSES}, not "${set}"`);
  }
  return Number(set);
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const DEFAULT_FROM = 'AI Tools Directory <hello@example.com>';
/** The whole-number settings and their defaults. */
const WHOLE_NUMBERS = {
  PUBLIC_API_RATE_LIMIT: 120,
  /** A build step running longer is hung and killed (docs/decisions/0019). */
  SITE_BUILD_TIMEOUT_MS: 10 * 60_000,
  /** Seconds a SIGTERM waits for requests in flight, a running build and the e-mail round before the process exits. */
  SHUTDOWN_TIMEOUT_SECONDS: 20,
  /** Seconds the worker lease lasts unrenewed (docs/decisions/0059); its holder renews it every third of that. */
  BUILD_LEASE_SECONDS: 30,
  /** Uncached pages a client may have rendered a minute (docs/decisions/0064); past it 429. */
  RENDER_BUDGET_PER_MINUTE: 60,
  /** Pages rendered at once per process; a few more wait, the rest answer 503 (docs/decisions/0064). */
  RENDERS_IN_FLIGHT: 2,
  /** Requests a second the e-mail sender makes to Resend (a single e-mail or a batch of 100 each): the account's rate
   * limit (docs/decisions/0106). */
  EMAIL_RATE_PER_SECOND: 2,
};

const originsOf = (list: string | undefined) =>
  (list ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);

/** An unset variable and an empty one mean the same: the default. */
const optional = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.string().trim().optional(),
);

/** Hosts a production build may be tried on over plain http: browsers treat them as secure for Secure cookies. */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** An origin (scheme, host, port; no path, query or fragment); `https` only when asked, but for a loopback host. */
function originIssue(value: string, httpsOnly: boolean): string | null {
  const expected = httpsOnly
    ? 'an https origin such as https://tools.example.com'
    : 'an origin such as https://tools.example.com';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `must be ${expected}, not "${value}"`;
  }
  const secure = url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname));
  if (httpsOnly ? !secure : !['http:', 'https:'].includes(url.protocol)) return `must be ${expected}, not "${value}"`;
  if (url.pathname.replace(/\/+$/, '') !== '' || url.search || url.hash || url.username)
    return `must be ${expected} with no path, not "${value}"`;
  return null;
}

/** The system's own folders: an uploads folder may be neither one of them nor inside one. */
const SYSTEM_FOLDERS = [
  '/bin',
  '/boot',
  '/dev',
  '/etc',
  '/lib',
  '/lib32',
  '/lib64',
  '/libx32',
  '/proc',
  '/sbin',
  '/sys',
  '/usr',
];
/** Folders many programs and people share: a folder inside one is fine (/var/lib/tools/uploads), the folder itself is not. */
const SHARED_FOLDERS = ['/', '/home', '/media', '/mnt', '/opt', '/root', '/run', '/srv', '/tmp', '/var'];

/**
 * Whether UPLOADS_DIR names the filesystem root or a system folder, resolved as the server will (from its working
 * folder): the uploads sweeps delete files there, and a mistyped setting should stop the start, not write into /etc.
 */
function isSystemFolder(dir: string): boolean {
  const path = resolve(dir);
  return (
    SHARED_FOLDERS.includes(path) || SYSTEM_FOLDERS.some((folder) => path === folder || path.startsWith(`${folder}/`))
  );
}

/** An http(s) URL: what a browser is sent to, so never javascript:, data: or file:. */
const isHttpUrl = (value: string) => URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol);

/** The variables the server reads, each with its own shape; the rules between them are in crossRules. */
const envSchema = z.object({
  NODE_ENV: optional,
  PORT: optional.refine((v) => v === undefined || (/^\d{1,5}$/.test(v) && Number(v) <= 65535), {
    message: 'must be a port number from 0 to 65535',
  }),
  HOST: optional,
  SITE_URL: optional,
  TRUSTED_ORIGINS: optional,
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  STRIPE_SECRET_KEY: optional.refine((v) => v === undefined || /^(sk|rk)_(test|live)_/.test(v), {
    message: 'must be a Stripe secret or restricted key (sk_… or rk_…)',
  }),
  STRIPE_WEBHOOK_SECRET: optional.refine((v) => v === undefined || v.startsWith('whsec_'), {
    message: "must be the webhook endpoint's signing secret (whsec_…)",
  }),
  STRIPE_PRICE_MONTHLY: optional.refine((v) => v === undefined || v.startsWith('price_'), {
    message: 'must be a Stripe price id (price_…)',
  }),
  STRIPE_PRICE_ANNUAL: optional.refine((v) => v === undefined || v.startsWith('price_'), {
    message: 'must be a Stripe price id (price_…)',
  }),
  RESEND_API_KEY: optional,
  // Resend's webhook (bounces and complaints stop sending to an address): its signing secret, whsec_… (svix).
  RESEND_WEBHOOK_SECRET: optional.refine((v) => v === undefined || v.startsWith('whsec_'), {
    message: "must be the webhook endpoint's signing secret (whsec_…)",
  }),
  EMAIL_FROM: optional.refine(
    (v) => v === undefined || /^(?:[^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/.test(v),
    {
      message: 'must be an address, or a name and an address: AI Tools Directory <hello@example.com>',
    },
  ),
  // Production without Stripe: the upgrade answers 503 (payments not configured), never a free Premium.
  ALLOW_DEV_PAYMENTS: optional.refine((v) => v === undefined || v === '0' || v === '1', { message: 'must be 1 or 0' }),
  // Production without Resend: e-mails stay in the outbox table.
  ALLOW_DEV_EMAIL: optional.refine((v) => v === undefined || v === '0' || v === '1', { message: 'must be 1 or 0' }),
  UPLOADS_DIR: optional.refine((v) => v === undefined || !isSystemFolder(v), {
    message:
      'must be a folder of its own, such as /data/uploads: not the filesystem root, a shared folder (/var, /tmp, /home) or a system folder (/etc, /usr, ...)',
  }),
  DIST_DIR: optional,
  APP_DIR: optional,
  REBUILD_WORKER: optional.refine((v) => v === undefined || v === '0' || v === '1', {
    message: 'must be 1 (run the rebuild worker, the default) or 0',
  }),
  LOG_LEVEL: optional.refine((v) => v === undefined || (LOG_LEVELS as readonly string[]).includes(v), {
    message: `must be one of ${LOG_LEVELS.join(', ')}`,
  }),
  DATABASE_URL: optional.refine((v) => v === undefined || /^(file|libsql|https?|wss?):/.test(v), {
    message: 'must be a libSQL URL: file:path, libsql://host, http(s):// or ws(s)://',
  }),
  DATABASE_AUTH_TOKEN: optional,
  // An embedded replica of the libSQL server at DATABASE_SYNC_URL, kept at DATABASE_URL's file (docs/decisions/0058).
  DATABASE_SYNC_URL: optional,
  DATABASE_SYNC_INTERVAL: optional,
  // Uploads in an S3-compatible bucket (docs/decisions/0060); the key pair may come from AWS_* instead.
  // Several machines (docs/decisions/0059): commands run without a shell, the build folder as their last argument.
  PUBLISH_COMMAND: optional,
  PULL_COMMAND: optional,
  S3_BUCKET: optional,
  S3_ENDPOINT: optional.refine((v) => v === undefined || URL.canParse(v), {
    message: 'must be the URL of the S3-compatible service',
  }),
  S3_REGION: optional,
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  S3_PUBLIC_URL: optional.refine((v) => v === undefined || isHttpUrl(v), {
    message: "must be the http(s) URL the bucket's objects are public at",
  }),
  // Read where they are used, at call time (tests point them at their own doubles and folders): checked here only.
  STRIPE_API_BASE: optional.refine((v) => v === undefined || URL.canParse(v), {
    message: 'must be a URL (a local Stripe double)',
  }),
  RESEND_BASE_URL: optional.refine((v) => v === undefined || URL.canParse(v), {
    message: 'must be a URL (a local Resend double)',
  }),
  EXPORT_WORKERS: optional.refine((v) => v === undefined || /^[1-9]\d{0,2}$/.test(v), {
    message: 'must be a whole number of 1 or more',
  }),
  PURGE_COMMAND: optional,
  // Every admin permission refused to an isAdmin account without two-factor sign-in (off by default: the demo logins).
  REQUIRE_ADMIN_TWO_FACTOR: optional.refine((v) => v === undefined || v === '0' || v === '1', {
    message: 'must be 1 (administrators must use two-factor sign-in) or 0',
  }),
  CONTACT_EMAIL_DOMAIN: optional.refine((v) => v === undefined || /^[a-z0-9.-]+\.[a-z]{2,}$/i.test(v), {
    message: 'must be a domain name, e.g. example.com',
  }),
});

type Settings = z.output<typeof envSchema>;

/** Adds an issue for `name` when `check` throws: the existing checks that throw stay the schema's rules. */
function checked(ctx: z.RefinementCtx, name: string, check: () => unknown): void {
  try {
    check();
  } catch (error) {
    ctx.addIssue({ code: 'custom', path: [name], message: error instanceof Error ? error.message : String(error) });
  }
}

/** The rules between variables (production, half settings) and the checks that read the environment themselves. */
function crossRules(s: Settings, env: Env, ctx: z.RefinementCtx): void {
  const production = s.NODE_ENV === 'production';
  const missing = (name: string, what: string) =>
    ctx.addIssue({ code: 'custom', path: [name], message: `required ${what}` });
  /** Two settings that only work together: the one missing is named. */
  const pair = (a: keyof Settings, b: keyof Settings, what: string) => {
    if (Boolean(s[a]) !== Boolean(s[b])) missing(s[a] ? b : a, what);
  };

  if (s.SITE_URL) {
    const issue = originIssue(s.SITE_URL, production);
    if (issue) ctx.addIssue({ code: 'custom', path: ['SITE_URL'], message: issue });
  } else if (production) {
    missing('SITE_URL', "in production: the site's public https origin, e.g. https://tools.example.com");
  }
  for (const origin of originsOf(s.TRUSTED_ORIGINS)) {
    const issue = originIssue(origin, false);
    if (issue) ctx.addIssue({ code: 'custom', path: ['TRUSTED_ORIGINS'], message: `each entry ${issue}` });
  }

  // Half a setting is refused in every mode: it would look configured and fail on its first use.
  pair('GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'with the other half of Sign in with Google, or unset both');
  if (s.STRIPE_SECRET_KEY && !s.STRIPE_WEBHOOK_SECRET)
    missing('STRIPE_WEBHOOK_SECRET', 'with STRIPE_SECRET_KEY: without it Stripe events are never recorded');
  if (!s.STRIPE_SECRET_KEY && (s.STRIPE_WEBHOOK_SECRET || s.STRIPE_PRICE_MONTHLY || s.STRIPE_PRICE_ANNUAL)) {
    missing('STRIPE_SECRET_KEY', 'with the other STRIPE_* settings, or unset them all');
  }
  // Production sells and sends for real unless the operator explicitly allows the development modes.
  if (production && s.ALLOW_DEV_PAYMENTS !== '1') {
    for (const name of [
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_PRICE_MONTHLY',
      'STRIPE_PRICE_ANNUAL',
    ] as const) {
      if (!s[name]) missing(name, 'in production (or set ALLOW_DEV_PAYMENTS=1 to run without payments)');
    }
  } else if (s.STRIPE_SECRET_KEY) {
    pair('STRIPE_PRICE_MONTHLY', 'STRIPE_PRICE_ANNUAL', "with the other plan's price: the pricing page sells both");
  }
  if (production && s.ALLOW_DEV_EMAIL !== '1') {
    if (!s.RESEND_API_KEY)
      missing('RESEND_API_KEY', 'in production (or set ALLOW_DEV_EMAIL=1 to keep e-mails in the outbox)');
    if (!s.EMAIL_FROM)
      missing('EMAIL_FROM', 'in production: the sender of every e-mail, e.g. AI Tools Directory <hello@your-domain>');
  }
  const proxyVariable = env.TRUSTED_PROXY_HOPS?.trim()
    ? 'TRUSTED_PROXY_HOPS'
    : env.TRUSTED_PROXY_HEADER?.trim()
      ? 'TRUSTED_PROXY_HEADER'
      : 'TRUST_PROXY';
  checked(ctx, proxyVariable, () => readTrustedProxy(env));
  for (const [name, fallback] of Object.entries(WHOLE_NUMBERS))
    checked(ctx, name, () => positiveWholeNumber(env, name, fallback));
  checked(ctx, 'SERVER_PROCESSES', () => serverProcesses(env));
  checked(ctx, 'DATABASE_SYNC_INTERVAL', () => databaseSettings(env));
  // The database's own rules (db/settings.ts): a replica needs a local file, and a libSQL primary to pull from.
  checked(ctx, 'DATABASE_SYNC_URL', () => databaseKind(s.DATABASE_URL ?? DEFAULT_DATABASE_URL, s.DATABASE_SYNC_URL));
  if (!s.S3_BUCKET && (s.S3_ENDPOINT || s.S3_ACCESS_KEY_ID || s.S3_SECRET_ACCESS_KEY || s.S3_PUBLIC_URL)) {
    missing('S3_BUCKET', 'with the other S3_* settings, or unset them all');
  }
  pair(
    'S3_ACCESS_KEY_ID',
    'S3_SECRET_ACCESS_KEY',
    'with the other half of the key pair, or unset both (AWS_* are used then)',
  );
}

/** The settings as the code uses them, once every rule passed. */
function configOf(s: Settings, env: Env) {
  return {
    isProduction: s.NODE_ENV === 'production',
    port: Number(s.PORT ?? DEFAULT_PORT),
    /** The address the server listens on. */
    host: s.HOST ?? '0.0.0.0',
    /** The public origin of the site, used for absolute links, e-mails and the Origin check. */
    siteUrl: siteUrlOf({ SITE_URL: s.SITE_URL, PORT: s.PORT }),
    /** Extra origins allowed to make state-changing requests (comma-separated). */
    trustedOrigins: originsOf(s.TRUSTED_ORIGINS),
    google: {
      clientId: s.GOOGLE_CLIENT_ID ?? '',
      clientSecret: s.GOOGLE_CLIENT_SECRET ?? '',
    },
    stripe: {
      secretKey: s.STRIPE_SECRET_KEY ?? '',
      webhookSecret: s.STRIPE_WEBHOOK_SECRET ?? '',
      monthlyPriceId: s.STRIPE_PRICE_MONTHLY ?? '',
      annualPriceId: s.STRIPE_PRICE_ANNUAL ?? '',
    },
    resend: {
      apiKey: s.RESEND_API_KEY ?? '',
      webhookSecret: s.RESEND_WEBHOOK_SECRET ?? '',
      from: s.EMAIL_FROM ?? DEFAULT_FROM,
    },
    /** The source of the client's address behind a proxy; null: the socket's. */
    trustedProxy: readTrustedProxy(env),
    /** Requests a minute the public API (/api/v1) answers per client address (docs/decisions/0036-public-api.md). */
    publicApiRateLimit: positiveWholeNumber(env, 'PUBLIC_API_RATE_LIMIT', WHOLE_NUMBERS.PUBLIC_API_RATE_LIMIT),
    /** Uncached pages rendered a minute per client address (api/publishing/render-budget.ts). */
    renderBudgetPerMinute: positiveWholeNumber(env, 'RENDER_BUDGET_PER_MINUTE', WHOLE_NUMBERS.RENDER_BUDGET_PER_MINUTE),
    /** Requests a second to Resend (api/services/email-sender.ts paces its calls to it). */
    emailRatePerSecond: positiveWholeNumber(env, 'EMAIL_RATE_PER_SECOND', WHOLE_NUMBERS.EMAIL_RATE_PER_SECOND),
    /** Pages rendered at once by this process. */
    rendersInFlight: positiveWholeNumber(env, 'RENDERS_IN_FLIGHT', WHOLE_NUMBERS.RENDERS_IN_FLIGHT),
    /** Processes serving the port (api/publishing/replicas.ts). */
    serverProcesses: serverProcesses(env),
    /** Whether this server runs the rebuild worker (REBUILD_WORKER=0: another process builds). */
    rebuildWorker: s.REBUILD_WORKER !== '0',
    /** A site build step running longer is killed (docs/decisions/0019); SITE_BUILD_TIMEOUT_MS. */
    siteBuildTimeoutMs: positiveWholeNumber(env, 'SITE_BUILD_TIMEOUT_MS', WHOLE_NUMBERS.SITE_BUILD_TIMEOUT_MS),
    /** How long a SIGTERM waits for work in flight before the process exits anyway (Fly's kill_timeout matches it). */
    shutdownTimeoutMs:
      positiveWholeNumber(env, 'SHUTDOWN_TIMEOUT_SECONDS', WHOLE_NUMBERS.SHUTDOWN_TIMEOUT_SECONDS) * 1000,
    /** The least important log line written (api/log.ts). */
    logLevel: (s.LOG_LEVEL ?? 'info') as (typeof LOG_LEVELS)[number],
    /**
     * Where uploads are kept: the folder UPLOADS_DIR (default data/uploads), or the bucket S3_BUCKET at S3_ENDPOINT in
     * S3_REGION with S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY, served from S3_PUBLIC_URL when set (each variable is
     * described in db/upload-store.ts, which the seed and the site read it with too; docs/decisions/0060).
     */
    storage: uploadStorageOf(env),
    /**
     * Where the database is (docs/decisions/0058). db/client.ts reads the same settings itself (db/settings.ts), so
     * that the command-line tools (migrate, seed) need no other setting of the server: DATABASE_URL,
     * DATABASE_AUTH_TOKEN, DATABASE_SYNC_URL (the primary of an embedded replica), DATABASE_SYNC_INTERVAL (seconds).
     */
    database: databaseSettings(env),
    /** Several machines over one database (docs/decisions/0059). */
    cluster: {
      /** BUILD_LEASE_SECONDS: how long the worker lease lasts unrenewed; its holder renews it every third of that. */
      leaseSeconds: positiveWholeNumber(env, 'BUILD_LEASE_SECONDS', WHOLE_NUMBERS.BUILD_LEASE_SECONDS),
      /** PUBLISH_COMMAND: run after each swap with the new build folder as its last argument (e.g. a sync to a bucket). */
      publishCommand: s.PUBLISH_COMMAND ?? '',
      /** PULL_COMMAND: run by a machine that did not build, with an empty folder to fill with the newest build as its last argument. */
      pullCommand: s.PULL_COMMAND ?? '',
    },
    /** REQUIRE_ADMIN_TWO_FACTOR=1: isAdmin accounts without two-factor sign-in hold no admin permission (api/plugins/auth.ts). */
    requireAdminTwoFactor: s.REQUIRE_ADMIN_TWO_FACTOR === '1',
    distDir: s.DIST_DIR ?? 'dist',
    /** The Astro server build (`npm run build`): renders changed pages on demand and the static export. */
    appDir: s.APP_DIR ?? 'build/app',
  };
}

export type Config = ReturnType<typeof configOf>;

/** A configuration that cannot run: its message names every bad variable and what it should be. */
export class ConfigError extends Error {
  constructor(readonly issues: { variable: string; message: string }[]) {
    super(`The configuration is not valid:\n${issues.map((i) => `  ${i.variable}: ${i.message}`).join('\n')}`);
  }
}

/** The configuration `env` describes; throws a ConfigError naming every bad variable. */
export function readConfig(env: Env): Config {
  // The existing checks (trusted proxy, whole numbers, server processes) read the environment itself.
  // `when`: the rules between variables run even when one variable is bad, so one message names them all.
  const parsed = envSchema
    .superRefine((settings, ctx) => crossRules(settings, env, ctx), { when: () => true })
    .safeParse(env);
  if (parsed.success) return configOf(parsed.data, env);
  // One line per variable: its first issue (a missing key is not also called missing in production).
  const byVariable = new Map<string, string>();
  for (const issue of parsed.error.issues) {
    const variable = String(issue.path[0] ?? 'environment');
    if (!byVariable.has(variable))
      byVariable.set(
        variable,
        issue.message.startsWith(`${variable} `) ? issue.message.slice(variable.length + 1) : issue.message,
      );
  }
  throw new ConfigError([...byVariable].map(([variable, message]) => ({ variable, message })));
}

/** Reads the process's configuration; a bad one ends the process with its message and exit code 1, not a stack trace. */
function configOrExit(): Config {
  try {
    return readConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

export const config = configOrExit();
export const isProduction = config.isProduction;
