// A real Varnish (Debian's varnishd with varnish-modules' xkey) in front of a server, running docs/varnish.vcl with
// the backend's port put in: for tests/ops/varnish.test.ts and bench/varnish.ts.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../../bench/load';

const VCL = resolve(import.meta.dirname, '../../docs/varnish.vcl');
/** The backend line of docs/varnish.vcl, whose port is replaced by the server's. */
const BACKEND_PORT = /(\.port = ")4321(";)/;

/** Debian's varnishd, also when /usr/sbin is not on the PATH (a user other than root). */
const VARNISHD = Bun.which('varnishd') ?? (existsSync('/usr/sbin/varnishd') ? '/usr/sbin/varnishd' : null);

/** Whether varnishd is on this machine. */
export const varnishAvailable = VARNISHD !== null;

export interface Varnish {
  /** http://127.0.0.1:port */
  url: string;
  stop(): Promise<void>;
}

/** Starts varnishd in the foreground on a free port in front of 127.0.0.1:`backendPort`; resolves once it answers. */
export async function startVarnish(backendPort: number): Promise<Varnish> {
  if (!VARNISHD) throw new Error('No varnishd on this machine: apt-get install varnish varnish-modules (.ci/run does)');
  const dir = mkdtempSync(join(tmpdir(), 'varnish-'));
  const vcl = readFileSync(VCL, 'utf8');
  if (!BACKEND_PORT.test(vcl)) throw new Error(`${VCL} no longer has the backend port this helper replaces`);
  writeFileSync(join(dir, 'default.vcl'), vcl.replace(BACKEND_PORT, `$1${backendPort}$2`));
  for (let attempt = 1; ; attempt++) {
    // varnishd does not say which port it bound when given 0: a port the kernel says is free now.
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const log = join(dir, `varnishd-${attempt}.log`);
    // -j none: no jail, so it runs as whoever runs the tests (root in CI) over a folder only they can read.
    const child = Bun.spawn(
      [
        VARNISHD,
        '-F',
        '-j',
        'none',
        '-n',
        join(dir, 'work'),
        '-a',
        `127.0.0.1:${port}`,
        '-T',
        'none',
        '-f',
        join(dir, 'default.vcl'),
        '-s',
        'malloc,64m',
      ],
      { stdin: 'ignore', stdout: Bun.file(log), stderr: Bun.file(log) },
    );
    const stop = async () => {
      child.kill('SIGTERM');
      await child.exited;
      rmSync(dir, { recursive: true, force: true });
    };
    for (let waited = 0; child.exitCode === null && waited < 20_000; waited += 50) {
      // Any answer from Varnish itself will do (a PURGE from here is allowed and touches nothing cached).
      const res = await fetch(`${url}/varnish-ready`, { method: 'PURGE' }).catch(() => null);
      if (res?.ok) return { url, stop };
      await Bun.sleep(50);
    }
    child.kill('SIGKILL');
    await child.exited;
    const output = readFileSync(log, 'utf8');
    // Another process may have taken the port between the probe and varnishd's bind: try another.
    if (attempt === 3 || !/address already in use|could not get socket/i.test(output)) {
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`varnishd did not start on ${url}:\n${output}`);
    }
  }
}
