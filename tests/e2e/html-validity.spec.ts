// HTML validity: the W3C Nu HTML Checker (vnu) finds no errors in any page the server sends, islands' server HTML included.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from './fixtures';
import { discoveryPaths } from './discovery';
import type { PublicPost } from '../../db/queries/blog';
import type { PublicTool } from '../../db/queries/tools';

const VNU_JAR = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  url?: string;
  lastLine?: number;
  firstColumn?: number;
  message: string;
  extract?: string;
}

test('every page of the built site passes the Nu HTML Checker with no errors', async ({ request }) => {
  // A cold JVM checking a few dozen pages takes a few seconds; on a busy machine, more.
  test.setTimeout(180_000);
  const tools = (await (await request.get('/api/tools?limit=1')).json()) as PublicTool[];
  const posts: PublicPost[] = await (await request.get('/api/blog/posts')).json();
  expect(tools.length, 'the seed needs tools').toBeGreaterThan(0);
  expect(posts.length, 'the seed needs published posts').toBeGreaterThan(0);

  // A tool whose page shows a follow-up in its review history and the Review due badge, and custom branding (brand
  // colour band and button, cover, demo poster): the seed's ChatGPT.
  const reviewed = 'chatgpt';
  const paths = [
    '/',
    '/directory',
    `/tool/${tools[0].slug}`,
    `/tool/${reviewed}`,
    '/blog',
    `/blog/${posts[0].slug}`,
    `/blog/${(posts.find((p) => !p.featuredImage) ?? posts[0]).slug}`,
    '/pricing',
    '/terms',
    '/privacy',
    '/refunds',
    '/about',
    '/help',
    '/contact',
    '/auth',
    '/auth/forgot',
    '/auth/forgot/sent',
    '/auth/reset',
    '/submit',
    '/dashboard',
    '/dashboard/preview',
    '/dashboard/billing',
    '/admin',
    '/no-such-page',
    // The directory rendered on demand for a query: filters, a typo's suggestion with marked words, paging.
    '/directory?q=Copilt&category=development&sort=rating',
    '/directory?page=2',
    ...(await discoveryPaths(request, tools[0].slug)),
  ];
  const dir = mkdtempSync(join(tmpdir(), 'aitools-vnu-'));
  try {
    const files = new Map<string, string>();
    for (const path of paths) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(path === '/no-such-page' ? 404 : 200);
      expect(response.headers()['content-type'], path).toContain('text/html');
      const file = join(
        dir,
        `${path.replace(/^\/$/, 'home').replace(/^\//, '').replace(/\//g, '--').replace(/[?&=]/g, '-')}.html`,
      );
      writeFileSync(file, await response.text());
      files.set(file, path);
    }
    // A page that must fail proves the checker really read the files (given a file: URL, vnu reports nothing at all).
    const canary = join(dir, 'canary.html');
    writeFileSync(canary, '<!doctype html><html lang="en"><head></head><body></body></html>');

    // One JVM for all pages; --exit-zero-always because the verdict is read from the JSON report.
    const run = spawnSync(
      'java',
      ['-jar', VNU_JAR, '--format', 'json', '--stdout', '--exit-zero-always', canary, ...files.keys()],
      {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    expect(run.error, 'java must be installed (Debian: default-jre-headless; .ci/run installs it)').toBeUndefined();
    expect(run.status, run.stderr).toBe(0);
    const { messages } = JSON.parse(run.stdout) as { messages: VnuMessage[] };

    const fileOf = (m: VnuMessage) => m.url?.replace(/^file:/, '') ?? '';
    expect(
      messages.some((m) => m.type === 'error' && fileOf(m) === canary),
      'vnu flags a page with no title',
    ).toBe(true);

    // Warnings arrive as type "info" and are allowed; errors and failures to check a file are not.
    const errors = messages
      .filter((m) => m.type !== 'info' && fileOf(m) !== canary)
      .map(
        (m) =>
          `${files.get(fileOf(m)) ?? m.url}:${m.lastLine ?? '?'}:${m.firstColumn ?? '?'} ${m.message}${m.extract ? `\n    ${m.extract.trim()}` : ''}`,
      );
    expect(errors, errors.join('\n')).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
