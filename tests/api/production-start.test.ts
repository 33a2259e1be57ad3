// A production start with a missing secret stops before it serves or touches the database: exit code 1 and one message
// naming the variable, not a stack trace (api/config.ts, docs/decisions/0057).
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const PRODUCTION = {
  NODE_ENV: 'production',
  SITE_URL: 'https://tools.example.com',
  STRIPE_SECRET_KEY: 'sk_live_abc',
  STRIPE_PRICE_MONTHLY: 'price_month',
  STRIPE_PRICE_ANNUAL: 'price_year',
  RESEND_API_KEY: 're_abc',
  EMAIL_FROM: 'AI Tools <hello@tools.example.com>',
  PORT: '0',
};

async function start(entry: string[], env: Record<string, string>) {
  const proc = Bun.spawn([process.execPath, ...entry], {
    cwd: ROOT,
    // The test's own database: were the check to come after the migration, it would be this file that changed.
    env: { ...process.env, ...env },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const [code, stdout, stderr] = await Promise.all([
    proc.exited,
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
  ]);
  return { code, stdout, stderr };
}

describe('a production start without STRIPE_WEBHOOK_SECRET', () => {
  for (const entry of [['scripts/start.ts', '--no-build'], ['api/server.ts']]) {
    it(`(${entry[0]}) exits 1 naming it, with no stack trace`, async () => {
      const { code, stdout, stderr } = await start(entry, PRODUCTION);
      expect(code).toBe(1);
      expect(stderr).toContain('STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY');
      expect(stderr.trim().split('\n')).toHaveLength(2);
      expect(stderr).not.toMatch(/^\s+at /m);
      expect(stdout).toBe('');
    });
  }
});
