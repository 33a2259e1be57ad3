// Which requests are rendered on demand for their query (api/publishing/kept-renders.ts): only /directory with a
// parameter it reads, or /auth and /contact with one they read, by GET or HEAD; everything else is left to the static
// files (the renders themselves: tests/e2e/directory.spec.ts and tests/api/form-posts.test.ts).
import { describe, expect, it } from 'vitest';
import { serveQueryPage } from '../../api/publishing/kept-renders';

const request = (path: string, method = 'GET') => new Request(`http://localhost:4321${path}`, { method });

describe('serveQueryPage', () => {
  it.each([
    ['/directory', 'GET'],
    ['/directory?utm_source=newsletter', 'GET'],
    ['/directory/extra?category=design', 'GET'],
    ['/tool/x?category=design', 'GET'],
    ['/directory?category=design', 'POST'],
    ['/auth?tab=login', 'GET'],
    ['/contact?sent=2', 'GET'],
    ['/about?tab=register', 'GET'],
  ])('leaves %s (%s) to the static files', (path, method) => {
    expect(serveQueryPage(request(path, method), new URL(`http://x${path}`).pathname)).toBeNull();
  });
});
