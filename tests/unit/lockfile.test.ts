// The lock must stay complete for `npm ci` (.ci/run): every optional dependency has an entry, and the
// entries scripts/complete-lock.ts writes are skipped on this machine's platform.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { completeLock, platformOf } from '../../scripts/complete-lock';

describe('platformOf', () => {
  it.each([
    ['@astrojs/compiler-binding-darwin-arm64', { os: ['darwin'], cpu: ['arm64'] }],
    ['@astrojs/compiler-binding-linux-arm64-musl', { os: ['linux'], cpu: ['arm64'], libc: ['musl'] }],
    ['@tailwindcss/oxide-linux-arm-gnueabihf', { os: ['linux'], cpu: ['arm'], libc: ['glibc'] }],
    ['@tailwindcss/oxide-wasm32-wasi', { cpu: ['wasm32'] }],
    ['@tailwindcss/oxide-win32-x64-msvc', { os: ['win32'], cpu: ['x64'] }],
    ['@oven/bun-windows-x64', { os: ['win32'], cpu: ['x64'] }],
    ['@esbuild/freebsd-x64', { os: ['freebsd'], cpu: ['x64'] }],
  ])('%s', (name, expected) => {
    expect(platformOf(name)).toEqual(expected);
  });
});

describe('completeLock', () => {
  it('adds the missing optional binaries with their pinned version, in npm key order, and nothing twice', () => {
    const packages = {
      'node_modules/esbuild': {
        version: '0.25.0',
        dev: true,
        optionalDependencies: { '@esbuild/linux-x64': '0.25.0', '@esbuild/darwin-arm64': '0.25.0' },
      },
      'node_modules/@esbuild/linux-x64': {
        version: '0.25.0',
        dev: true,
        license: 'MIT',
        optional: true,
        os: ['linux'],
        cpu: ['x64'],
      },
    };
    expect(completeLock(packages)).toEqual(['@esbuild/darwin-arm64']);
    const added = (packages as Record<string, object>)['node_modules/@esbuild/darwin-arm64'];
    expect(added).toEqual({
      version: '0.25.0',
      cpu: ['arm64'],
      dev: true,
      license: 'MIT',
      optional: true,
      os: ['darwin'],
    });
    expect(Object.keys(added)).toEqual(['version', 'cpu', 'dev', 'license', 'optional', 'os']);
    expect(completeLock(packages)).toEqual([]);
  });

  it('finds nothing missing in package-lock.json (run `bun scripts/complete-lock.ts` after npm install)', () => {
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
    expect(completeLock(lock.packages)).toEqual([]);
  });
});
