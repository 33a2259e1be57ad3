// The e-mail templates: the preview command renders every one, each has the shared layout, and every
// link into the site leads to a page that exists (or an address the API answers).
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config } from '../../api/config';
import { EMAIL_SAMPLES } from '../../api/emails/samples';
import { EMAIL_KINDS, type EmailKind } from '../../api/services/email';
import { SITE_NAME } from '../../lib/constants';
import { isApiRequest } from '../../lib/routes';

const root = join(import.meta.dirname, '../..');

/** The call to action each sample must carry (samples.ts: tool 7, acme-writer, a Stripe invoice). */
const ACTIONS: Record<EmailKind, string> = {
  welcome: `${config.siteUrl}/submit`,
  'submission-received': `${config.siteUrl}/dashboard`,
  'tool-approved': `${config.siteUrl}/tool/acme-writer`,
  'tool-rejected': `${config.siteUrl}/submit?edit=7`,
  'tool-unlisted': `${config.siteUrl}/dashboard`,
  'changes-requested': `${config.siteUrl}/dashboard`,
  'tool-discontinued': `${config.siteUrl}/tool/acme-writer`,
  'tool-revived': `${config.siteUrl}/tool/acme-writer`,
  'change-request-approved': `${config.siteUrl}/tool/acme-writer`,
  'change-request-rejected': `${config.siteUrl}/dashboard`,
  'link-unreachable': `${config.siteUrl}/tool/acme-writer`,
  'premium-activated': `${config.siteUrl}/submit`,
  'payment-failed': 'https://invoice.stripe.com/i/acct_sample/inv_sample',
  'contact-received': `${config.siteUrl}/admin#messages`,
  'contact-confirmation': `${config.siteUrl}/help`,
  'verify-email': `${config.siteUrl}/auth/verify-link/sample-token`,
  'email-change-verify': `${config.siteUrl}/auth/verify-link/sample-token`,
  'email-change-requested': `${config.siteUrl}/account`,
  'email-change-applied': `${config.siteUrl}/contact`,
  'account-closed': `${config.siteUrl}/auth`,
  'close-account-code': `${config.siteUrl}/account`,
  'reset-password': `${config.siteUrl}/auth/reset-link/sample-token`,
  'password-changed': `${config.siteUrl}/auth/forgot`,
  'claim-code': `${config.siteUrl}/claim`,
  'claim-verified': `${config.siteUrl}/tool/acme-writer`,
  'claim-recheck-failing': `${config.siteUrl}/claim?tool=acme-writer`,
  'claim-confirm-due': `${config.siteUrl}/claim?tool=acme-writer`,
  'claim-lapsed': `${config.siteUrl}/claim?tool=acme-writer`,
  'claim-suspended': `${config.siteUrl}/claim?tool=acme-writer`,
  'claim-revoked': `${config.siteUrl}/dashboard`,
  'report-received': `${config.siteUrl}/tool/acme-writer`,
  'report-outcome': `${config.siteUrl}/tool/acme-writer`,
  'report-on-your-tool': `${config.siteUrl}/dashboard`,
  'follow-alert': `${config.siteUrl}/tool/acme-writer`,
  'newsletter-confirm': `${config.siteUrl}/newsletter/confirm?token=sample-token`,
  'follow-confirm': `${config.siteUrl}/follow/confirm?token=sample-token`,
  'manager-message': `${config.siteUrl}/admin#messages`,
  digest: `${config.siteUrl}/newsletter/2026-11-30`,
};

/** Whether a path is served by a page of site/pages: a file per segment, or a [param] file or folder. */
function isPage(path: string): boolean {
  const segments = path.split('/').filter(Boolean);
  const pages = join(root, 'site/pages');
  const walk = (dir: string, rest: string[]): boolean => {
    if (rest.length === 0) return existsSync(join(dir, 'index.astro'));
    const [head, ...tail] = rest;
    if (tail.length === 0 && existsSync(join(dir, `${head}.astro`))) return true;
    if (existsSync(join(dir, head)) && walk(join(dir, head), tail)) return true;
    const params = existsSync(dir) ? readdirSync(dir).filter((n) => /^\[[^.\]]+\]/.test(n)) : [];
    return params.some((name) => (name.endsWith('.astro') ? tail.length === 0 : walk(join(dir, name), tail)));
  };
  return walk(pages, segments);
}

describe('e-mail templates', () => {
  let outDir: string;
  beforeAll(async () => {
    outDir = await mkdtemp(join(tmpdir(), 'email-preview-'));
    const run = Bun.spawnSync([process.execPath, 'scripts/email-preview.ts', outDir], {
      cwd: root,
      env: { ...process.env, SITE_URL: config.siteUrl },
    });
    expect(run.exitCode, run.stderr.toString()).toBe(0);
  });
  afterAll(() => rm(outDir, { recursive: true, force: true }));

  it('the preview command renders every e-mail to non-empty HTML and text carrying its link', async () => {
    expect(Object.keys(EMAIL_SAMPLES).sort()).toEqual([...EMAIL_KINDS].sort());
    expect((await readdir(outDir)).sort()).toEqual(
      EMAIL_KINDS.flatMap((kind) => [`${kind}.html`, `${kind}.txt`]).sort(),
    );
    for (const kind of EMAIL_KINDS) {
      const html = await readFile(join(outDir, `${kind}.html`), 'utf8');
      const text = await readFile(join(outDir, `${kind}.txt`), 'utf8');
      expect(html, kind).toContain(`href="${ACTIONS[kind]}"`);
      expect(text, kind).toContain(ACTIONS[kind]);
    }
  });

  it.each(EMAIL_KINDS)(
    '%s has the shared layout: the product name, a heading, and a footer with the site and contact links',
    async (kind) => {
      const email = await EMAIL_SAMPLES[kind]();
      expect(email.kind).toBe(kind);
      expect(email.subject).not.toBe('');
      expect(email.html).toContain(`>${SITE_NAME}</a>`);
      expect(email.html).toMatch(/<h1[^>]*>[^<]+/);
      expect(email.html).toContain('You are receiving this e-mail because');
      expect(email.html).toContain(`href="${config.siteUrl}/contact"`);
      expect(email.text).toContain(`Contact us ${config.siteUrl}/contact`);
      expect(email.text).not.toMatch(/<[a-z]/i);
    },
  );

  it('every link is absolute, and every link into the site is a page that exists', async () => {
    for (const kind of EMAIL_KINDS) {
      const { html } = await EMAIL_SAMPLES[kind]();
      const links = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1].replaceAll('&amp;', '&'));
      expect(links.length, kind).toBeGreaterThan(1);
      for (const link of links) {
        const url = new URL(link); // throws on a relative link
        if (url.origin !== new URL(config.siteUrl).origin) continue;
        // A page, or an address the API answers (the link of a verification e-mail).
        // A link the API answers (a reset link: checked, then on to its page) is as good as a page.
        expect(isPage(url.pathname) || isApiRequest('GET', url.pathname), `${kind}: ${link}`).toBe(true);
      }
    }
  });

  it('a code to type is shown the same way in every e-mail that carries one', async () => {
    // The samples carry the code 042917 (samples.ts).
    const codeParagraph = async (kind: EmailKind) =>
      /<p style="([^"]*)">042917<\/p>/.exec((await EMAIL_SAMPLES[kind]()).html)?.[1];
    const styles = await Promise.all(
      (['verify-email', 'close-account-code', 'claim-code'] as const).map(codeParagraph),
    );
    expect(styles[0]).toBeDefined();
    expect(styles[1]).toBe(styles[0]);
    expect(styles[2]).toBe(styles[0]);
  });

  it('the page check refuses a path no page serves', () => {
    expect(isPage('/tool/acme')).toBe(true);
    expect(isPage('/contact')).toBe(true);
    expect(isPage('/')).toBe(true);
    expect(isPage('/no-such-page')).toBe(false);
    expect(isPage('/dashboard/nothing/here')).toBe(false);
  });
});
