// Which requests the directory renders on demand (api/publishing/kept-renders.ts): only /directory with a parameter
// it reads, by GET or HEAD; everything else is left to the static files (the renders themselves: tests/e2e/directory.spec.ts).
import { describe, expect, it } from 'vitest';
import { serveDirectoryQuery } from '../../api/publishing/kept-renders';

const request = (path: string, method = 'GET') => new Request(`http://localhost:4321${path}`, { method });

describe('serveDirectoryQuery', () => {
  it.each([
    ['/directory', 'GET'],
    ['/directory?utm_source=newsletter', 'GET'],
    ['/directory/extra?category=design', 'GET'],
    ['/tool/x?category=design', 'GET'],
    ['/directory?category=design', 'POST'],
  ])('leaves %s (%s) to the static files', (path, method) => {
    expect(serveDirectoryQuery(request(path, method), new URL(`http://x${path}`).pathname)).toBeNull();
  });
});
