// Completes package-lock.json with the other-platform optional packages the registry here cannot describe
// (e.g. @astrojs/compiler-binding-darwin-arm64), so `npm ci` accepts the lock. `npm install` leaves them out
// when it cannot fetch their manifests; npm ci then calls the lock out of sync. Each added entry carries the
// version its parent pins and the os/cpu/libc its name states, so npm skips it on this platform without a fetch.
// Run it after any `npm install` that changes dependencies: bun scripts/complete-lock.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { z } from 'zod';

interface LockEntry {
  version?: string;
  dev?: boolean;
  license?: string;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  optionalDependencies?: Record<string, string>;
}

/** What this reads of package-lock.json: its packages (loose: an entry's other fields are kept). */
const lockSchema = z.object({
  packages: z.record(
    z.string(),
    z.looseObject({}).transform((entry): LockEntry => entry),
  ),
});

/** The platform a prebuilt binary's package name states (…-darwin-arm64, …-linux-x64-musl, …-wasm32-wasi). */
export function platformOf(name: string): Pick<LockEntry, 'os' | 'cpu' | 'libc'> {
  const base = name.split('/').pop() ?? name;
  const has = (re: RegExp) => re.test(base);
  const os = has(/android/)
    ? 'android'
    : has(/darwin/)
      ? 'darwin'
      : has(/freebsd/)
        ? 'freebsd'
        : has(/win32|windows/)
          ? 'win32'
          : has(/linux/)
            ? 'linux'
            : undefined;
  const cpu = has(/wasm32/) ? 'wasm32' : has(/arm64/) ? 'arm64' : has(/-arm-/) ? 'arm' : has(/x64/) ? 'x64' : undefined;
  const libc = has(/musl/) ? 'musl' : has(/-gnu/) ? 'glibc' : undefined;
  return { ...(os && { os: [os] }), ...(cpu && { cpu: [cpu] }), ...(libc && { libc: [libc] }) };
}

/** Adds an entry for every optional dependency the lock lacks; returns the names added. */
export function completeLock(packages: Record<string, LockEntry>): string[] {
  const added: string[] = [];
  for (const entry of Object.values(packages)) {
    const optional = entry.optionalDependencies ?? {};
    const installed = Object.keys(optional)
      .map((dep) => packages[`node_modules/${dep}`])
      .find(Boolean);
    for (const [dep, version] of Object.entries(optional)) {
      if (packages[`node_modules/${dep}`]) continue;
      const fields: LockEntry = {
        ...platformOf(dep),
        ...(installed?.dev && { dev: true }),
        ...(installed?.license && { license: installed.license }),
        optional: true,
      };
      // npm writes an entry's version first and its other keys in alphabetical order; so does this, so npm install keeps it as is.
      packages[`node_modules/${dep}`] = {
        version,
        ...Object.fromEntries(Object.entries(fields).sort(([a], [b]) => a.localeCompare(b))),
      };
      added.push(dep);
    }
  }
  return added;
}

if (import.meta.main) {
  const file = process.argv[2] ?? 'package-lock.json';
  const raw: unknown = JSON.parse(readFileSync(file, 'utf8'));
  const { packages } = lockSchema.parse(raw);
  // Every other field of the lock is written back as it was, in its place.
  const lock = { ...(raw as object), packages };
  const added = completeLock(lock.packages);
  const sorted = Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b)));
  lock.packages = Object.fromEntries(sorted);
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`${file}: ${added.length} optional package entr${added.length === 1 ? 'y' : 'ies'} added`);
}
