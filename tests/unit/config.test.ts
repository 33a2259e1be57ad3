// The configuration (api/config.ts, docs/decisions/0057): development needs no setting; production refuses to start
// without its site address, payments and e-mail (unless the development modes are allowed); half a setting is refused
// everywhere; one error names every bad variable.
import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../api/config';

const STRIPE = {
  STRIPE_SECRET_KEY: 'sk_live_abc',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc',
  STRIPE_PRICE_MONTHLY: 'price_month',
  STRIPE_PRICE_ANNUAL: 'price_year',
};
const EMAIL = { RESEND_API_KEY: 're_abc', EMAIL_FROM: 'AI Tools <hello@tools.example.com>' };
const PRODUCTION = { NODE_ENV: 'production', SITE_URL: 'https://tools.example.com', ...STRIPE, ...EMAIL };

/** The variables a refused configuration names, in order. */
function refused(env: Record<string, string>): string[] {
  try {
    readConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.issues.map((i) => i.variable);
    throw error;
  }
  throw new Error('the configuration was accepted');
}

describe('readConfig', () => {
  it('needs no setting in development, with the defaults of the README', () => {
    const config = readConfig({});
    expect(config).toMatchObject({
      isProduction: false,
      port: 4321,
      host: '0.0.0.0',
      siteUrl: 'http://localhost:4321',
      trustedProxy: null,
      publicApiRateLimit: 120,
      serverProcesses: 1,
      rebuildWorker: true,
      logLevel: 'info',
      shutdownTimeoutMs: 20_000,
      distDir: 'dist',
      stripe: { secretKey: '' },
      resend: { apiKey: '' },
    });
  });

  it('reads a complete production configuration', () => {
    const config = readConfig({
      ...PRODUCTION,
      SITE_URL: 'https://tools.example.com/',
      SHUTDOWN_TIMEOUT_SECONDS: '25',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      isProduction: true,
      siteUrl: 'https://tools.example.com',
      shutdownTimeoutMs: 25_000,
      logLevel: 'warn',
    });
    expect(config.stripe).toEqual({
      secretKey: 'sk_live_abc',
      webhookSecret: 'whsec_abc',
      monthlyPriceId: 'price_month',
      annualPriceId: 'price_year',
    });
  });

  it('requires SITE_URL in production, and an https origin there', () => {
    expect(refused({ ...PRODUCTION, SITE_URL: '' })).toEqual(['SITE_URL']);
    expect(refused({ ...PRODUCTION, SITE_URL: 'http://tools.example.com' })).toEqual(['SITE_URL']);
    expect(refused({ ...PRODUCTION, SITE_URL: 'https://tools.example.com/directory' })).toEqual(['SITE_URL']);
    expect(refused({ SITE_URL: 'tools.example.com' })).toEqual(['SITE_URL']);
    // A production build tried on this machine: browsers keep Secure cookies on localhost.
    expect(readConfig({ ...PRODUCTION, SITE_URL: 'http://localhost:4321' }).siteUrl).toBe('http://localhost:4321');
    // Development may use a plain http origin.
    expect(readConfig({ SITE_URL: 'http://localhost:8080' }).siteUrl).toBe('http://localhost:8080');
  });

  it('requires every Stripe setting in production unless ALLOW_DEV_PAYMENTS=1', () => {
    const withoutStripe = Object.fromEntries(
      Object.entries(PRODUCTION).filter(([name]) => !name.startsWith('STRIPE_')),
    );
    expect(refused(withoutStripe)).toEqual([
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_PRICE_MONTHLY',
      'STRIPE_PRICE_ANNUAL',
    ]);
    expect(refused({ ...PRODUCTION, STRIPE_PRICE_ANNUAL: '' })).toEqual(['STRIPE_PRICE_ANNUAL']);
    expect(readConfig({ ...withoutStripe, ALLOW_DEV_PAYMENTS: '1' }).stripe.secretKey).toBe('');
  });

  it('requires Resend and the sender in production unless ALLOW_DEV_EMAIL=1', () => {
    expect(refused({ ...PRODUCTION, RESEND_API_KEY: '', EMAIL_FROM: '' })).toEqual(['RESEND_API_KEY', 'EMAIL_FROM']);
    expect(refused({ ...PRODUCTION, EMAIL_FROM: '' })).toEqual(['EMAIL_FROM']);
    expect(readConfig({ ...PRODUCTION, RESEND_API_KEY: '', EMAIL_FROM: '', ALLOW_DEV_EMAIL: '1' }).resend.apiKey).toBe(
      '',
    );
  });

  it('refuses half a setting in every mode', () => {
    for (const mode of [{}, { ...PRODUCTION }]) {
      expect(refused({ ...mode, GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: '' })).toEqual(['GOOGLE_CLIENT_SECRET']);
      expect(refused({ ...mode, GOOGLE_CLIENT_ID: '', GOOGLE_CLIENT_SECRET: 'secret' })).toEqual(['GOOGLE_CLIENT_ID']);
      expect(refused({ ...mode, STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: '' })).toEqual([
        'STRIPE_WEBHOOK_SECRET',
      ]);
      expect(refused({ ...mode, STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: 'whsec_1' })).toEqual([
        'STRIPE_SECRET_KEY',
      ]);
    }
    expect(refused({ ...STRIPE, STRIPE_PRICE_ANNUAL: '' })).toEqual(['STRIPE_PRICE_ANNUAL']);
    expect(readConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' }).google.clientId).toBe('id');
  });

  it('checks the database and the uploads bucket as a whole: a replica over a file, a bucket with its whole key pair', () => {
    expect(
      readConfig({ DATABASE_URL: 'file:/data/replica.db', DATABASE_SYNC_URL: 'libsql://db-org.turso.io' }).database
        .syncUrl,
    ).toBe('libsql://db-org.turso.io');
    expect(
      refused({ DATABASE_URL: 'libsql://db-org.turso.io', DATABASE_SYNC_URL: 'libsql://db-org.turso.io' }),
    ).toEqual(['DATABASE_SYNC_URL']);
    expect(refused({ DATABASE_SYNC_URL: 'postgres://db' })).toEqual(['DATABASE_SYNC_URL']);
    expect(refused({ DATABASE_SYNC_INTERVAL: 'often' })).toEqual(['DATABASE_SYNC_INTERVAL']);
    expect(
      readConfig({ S3_BUCKET: 'uploads', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' }).storage.s3?.bucket,
    ).toBe('uploads');
    expect(refused({ S3_BUCKET: 'uploads', S3_ACCESS_KEY_ID: 'key' })).toEqual(['S3_SECRET_ACCESS_KEY']);
    expect(refused({ S3_ENDPOINT: 'https://fly.storage.tigris.dev' })).toEqual(['S3_BUCKET']);
  });

  it('keeps the existing checks: trusted proxy, whole numbers, server processes', () => {
    expect(readConfig({ TRUSTED_PROXY_HEADER: 'Fly-Client-IP' }).trustedProxy).toEqual({ header: 'fly-client-ip' });
    expect(refused({ TRUSTED_PROXY_HEADER: 'x-forwarded-for' })).toEqual(['TRUSTED_PROXY_HEADER']);
    expect(refused({ TRUST_PROXY: '1' })).toEqual(['TRUST_PROXY']);
    expect(refused({ PUBLIC_API_RATE_LIMIT: '0' })).toEqual(['PUBLIC_API_RATE_LIMIT']);
    expect(refused({ SHUTDOWN_TIMEOUT_SECONDS: 'soon' })).toEqual(['SHUTDOWN_TIMEOUT_SECONDS']);
    expect(refused({ SITE_BUILD_TIMEOUT_MS: '-1' })).toEqual(['SITE_BUILD_TIMEOUT_MS']);
    expect(refused({ SERVER_PROCESSES: '99' })).toEqual(['SERVER_PROCESSES']);
    expect(refused({ RENDER_BUDGET_PER_MINUTE: '0', RENDERS_IN_FLIGHT: 'many' })).toEqual([
      'RENDER_BUDGET_PER_MINUTE',
      'RENDERS_IN_FLIGHT',
    ]);
    expect(readConfig({ RENDER_BUDGET_PER_MINUTE: '30', RENDERS_IN_FLIGHT: '4' })).toMatchObject({
      renderBudgetPerMinute: 30,
      rendersInFlight: 4,
    });
    expect(refused({ PORT: '70000', LOG_LEVEL: 'loud', REBUILD_WORKER: 'no', DATABASE_URL: 'postgres://x' })).toEqual([
      'PORT',
      'REBUILD_WORKER',
      'LOG_LEVEL',
      'DATABASE_URL',
    ]);
  });

  it('refuses an uploads folder that is the root or a system folder, a proxy header the client writes, and a public bucket URL that is not http(s)', () => {
    for (const dir of ['/', '//', '/etc', '/usr/lib/app', '/var', '/tmp/', '/proc/self', '/home', '/data/../etc']) {
      expect(refused({ UPLOADS_DIR: dir }), dir).toEqual(['UPLOADS_DIR']);
    }
    for (const dir of ['/data/uploads', 'data/uploads', '/var/lib/tools/uploads', '/srv/uploads', '/uploads']) {
      expect(readConfig({ UPLOADS_DIR: dir }).storage.uploadsDir, dir).toBe(dir);
    }
    for (const header of [
      'host',
      'Host',
      'origin',
      'referer',
      'user-agent',
      'cookie',
      'content-type',
      'forwarded',
      'x-forwarded-host',
      'authorization',
    ]) {
      expect(refused({ TRUSTED_PROXY_HEADER: header }), header).toEqual(['TRUSTED_PROXY_HEADER']);
    }
    for (const header of [
      'fly-client-ip',
      'cf-connecting-ip',
      'true-client-ip',
      'x-real-ip',
      'x-azure-clientip',
      'x-envoy-external-address',
    ]) {
      expect(readConfig({ TRUSTED_PROXY_HEADER: header }).trustedProxy, header).toEqual({ header });
    }
    const bucket = { S3_BUCKET: 'uploads' };
    for (const url of ['javascript:alert(1)//', 'data:text/html,x', 'file:///etc/passwd', 'ftp://cdn.example.com']) {
      expect(refused({ ...bucket, S3_PUBLIC_URL: url }), url).toEqual(['S3_PUBLIC_URL']);
    }
    expect(readConfig({ ...bucket, S3_PUBLIC_URL: 'https://cdn.example.com/uploads/' }).storage.s3?.publicUrl).toBe(
      'https://cdn.example.com/uploads',
    );
    // One message still names them all.
    expect(
      refused({ UPLOADS_DIR: '/', TRUSTED_PROXY_HEADER: 'host', ...bucket, S3_PUBLIC_URL: 'javascript:x' }),
    ).toEqual(['UPLOADS_DIR', 'S3_PUBLIC_URL', 'TRUSTED_PROXY_HEADER']);
  });

  it('names every bad variable in one message, each with what it should be', () => {
    let message = '';
    try {
      readConfig({
        NODE_ENV: 'production',
        ALLOW_DEV_PAYMENTS: '1',
        ALLOW_DEV_EMAIL: '1',
        PORT: 'eighty',
        TRUSTED_PROXY_HOPS: 'two',
      });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message.split('\n')).toEqual([
      'The configuration is not valid:',
      '  PORT: must be a port number from 0 to 65535',
      "  SITE_URL: required in production: the site's public https origin, e.g. https://tools.example.com",
      '  TRUSTED_PROXY_HOPS: must be a whole number of 1 or more, not "two"',
    ]);
  });
});
