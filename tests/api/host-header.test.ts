// The Host header names the site, not the route: the API answers whatever host, however short, a request came to.
import { describe, expect, it } from 'vitest';
import { app } from '../../api/app';

describe('the Host header', () => {
  it('a host of one to three characters (with or without a port) reaches the same routes', async () => {
    for (const host of ['a', 'ab', 'api', 'a:1', 'localhost']) {
      const res = await app.handle(new Request(`http://${host}/api/tools?limit=1`));
      expect(res.status, host).toBe(200);
      expect(Array.isArray(await res.json()), host).toBe(true);
    }
  });
});
