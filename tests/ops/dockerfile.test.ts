// The image, without Docker (it cannot be built here): the Dockerfile's steps run in a clean folder in their order
// (tests/helpers/dockerfile.ts), with the deployment's build argument, then the container's command starts as Fly
// would start it (production, the volume at /data, the secrets as environment) and serves the site it built.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../bench/load';
import { BASE_PATH, runDockerfile, type DockerRun } from '../helpers/dockerfile';

const ROOT = resolve(import.meta.dirname, '../..');
const SITE_URL = 'https://directory.example';
const work = mkdtempSync(join(tmpdir(), 'image-'));
let image: DockerRun;
let server: Bun.Subprocess<'ignore', 'pipe', 'pipe'> | undefined;
let output = '';

beforeAll(async () => {
  image = await runDockerfile(ROOT, work, { SITE_URL });
}, 10 * 60_000);

// Removing the image's folder (its node_modules included) outlasts the default 10 s on a loaded machine.
afterAll(() => {
  server?.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
}, 120_000);

describe('the Dockerfile', () => {
  it('skips only the steps that make the unprivileged user and hand it the volume', () => {
    expect(image.skipped).toHaveLength(2);
    expect(image.skipped[0]).toMatch(/useradd .*--uid 10001 .* app$/);
    expect(image.skipped[1]).toMatch(/^mkdir -p \/data && chown app:app \/data$/);
    // The entry point drops to that user before it runs the command.
    expect(readFileSync(join(ROOT, 'scripts/docker-entrypoint.sh'), 'utf8')).toMatch(/setpriv --reuid=app --regid=app/);
  });

  it('ships the server build of the pages, Bun, and the production dependencies only', () => {
    const app = join(image.root, 'app');
    expect(existsSync(join(app, 'build/app/server/entry.mjs'))).toBe(true);
    // The public origin is baked into the pages' server build at image build time.
    const manifest = new Bun.Glob('build/app/server/**/*.mjs').scanSync({ cwd: app, absolute: true });
    expect([...manifest].some((file) => readFileSync(file, 'utf8').includes(SITE_URL))).toBe(true);
    expect(existsSync(join(image.root, 'usr/local/bin/bun'))).toBe(true);
    expect(existsSync(join(app, 'node_modules/astro'))).toBe(true);
    expect(existsSync(join(app, 'node_modules/vitest'))).toBe(false);
    expect(existsSync(join(app, 'node_modules/sqld-binary'))).toBe(false);
    // Local state never enters the image.
    expect(existsSync(join(app, 'data'))).toBe(false);
    expect(existsSync(join(app, 'dist'))).toBe(false);
  });

  it(
    'starts in production on an empty volume, builds the site there, serves it, and stops on SIGTERM',
    async () => {
      const port = await freePort();
      const { root } = image;
      server = Bun.spawn([...image.entrypoint, ...image.cmd], {
        cwd: image.workdir,
        // A container does not inherit the host's environment: the image's ENV, and what `fly secrets` would set.
        env: {
          PATH: `${join(root, 'usr/local/bin')}:${BASE_PATH}`,
          HOME: work,
          ...image.env,
          PORT: String(port),
          DATA_DIR: join(root, 'data'),
          SITE_URL,
          ALLOW_DEV_PAYMENTS: '1',
          ALLOW_DEV_EMAIL: '1',
        },
        stdout: 'pipe',
        stderr: 'pipe',
      });
      const collect = async (stream: ReadableStream<Uint8Array>) => {
        const decoder = new TextDecoder();
        for await (const chunk of stream) output += decoder.decode(chunk, { stream: true });
      };
      void collect(server.stdout);
      void collect(server.stderr);
      const base = `http://127.0.0.1:${port}`;
      for (;;) {
        // As fly.toml's check: the database answers, a live build is there.
        const res = await fetch(`${base}/healthz`).catch(() => null);
        if (res?.ok) break;
        if (server.exitCode !== null)
          throw new Error(`The container's command exited with ${server.exitCode}:\n${output}`);
        await Bun.sleep(250);
      }
      const home = await fetch(`${base}/`);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain(`<link rel="canonical" href="${SITE_URL}/"`);
      expect((await fetch(`${base}/api/tools`)).status).toBe(200);
      // The database and the live build are on the volume, not in the image.
      expect(existsSync(join(root, 'data/app.db'))).toBe(true);
      expect(existsSync(join(root, 'data/dist/index.html'))).toBe(true);

      server.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    },
    5 * 60_000,
  );
});
