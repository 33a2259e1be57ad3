// The Varnish purge command's requests for what the server passes it (tags, then URLs), and its refusals.
import { describe, expect, it } from 'vitest';
import { purgeRequests } from '../../scripts/purge-varnish';

describe('purgeRequests', () => {
  it('sends the tags in one xkey purge, then one purge per URL with its Host', () => {
    expect(
      purgeRequests([
        'tag:tool:chatgpt',
        'tag:tools',
        'tag:tools',
        'https://aitools.example/tool/chatgpt',
        'https://aitools.example/directory?page=2',
      ]),
    ).toEqual([
      { path: '/', headers: { 'xkey-purge': 'tool:chatgpt tools' } },
      { path: '/tool/chatgpt', headers: { host: 'aitools.example' } },
      { path: '/directory?page=2', headers: { host: 'aitools.example' } },
    ]);
  });

  it('expires instead with --soft', () => {
    expect(purgeRequests(['--soft', 'tag:site', 'http://127.0.0.1:4617/about'])).toEqual([
      { path: '/', headers: { 'xkey-softpurge': 'site' } },
      { path: '/about', headers: { host: '127.0.0.1:4617', 'purge-mode': 'soft' } },
    ]);
  });

  it('refuses an argument that is neither a tag nor an absolute URL', () => {
    expect(() => purgeRequests(['/tool/chatgpt'])).toThrow('Neither tag:<name> nor an absolute URL: "/tool/chatgpt"');
    expect(() => purgeRequests(['tag:'])).toThrow('Not a tag: "tag:"');
    expect(() => purgeRequests(['tag:two words'])).toThrow('Not a tag');
  });
});
