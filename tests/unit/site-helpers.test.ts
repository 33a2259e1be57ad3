// The public pages' helpers: the demo-video embed address, XML escaping for the feed, contact addresses.
import { describe, expect, it, vi } from 'vitest';
import { contactEmails } from '../../site/components/contact';
import { videoEmbedUrl } from '../../site/components/embed';
import { xmlEscape } from '../../site/components/xml';

describe('videoEmbedUrl', () => {
  it('turns YouTube watch, short, shorts and embed links into a privacy-enhanced embed', () => {
    const embed = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ';
    expect(videoEmbedUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10')).toBe(embed);
    expect(videoEmbedUrl('https://youtu.be/dQw4w9WgXcQ')).toBe(embed);
    expect(videoEmbedUrl('https://m.youtube.com/shorts/dQw4w9WgXcQ')).toBe(embed);
    expect(videoEmbedUrl('https://www.youtube.com/embed/dQw4w9WgXcQ')).toBe(embed);
  });

  it('embeds Vimeo, Loom and Wistia through their players', () => {
    expect(videoEmbedUrl('https://vimeo.com/123456789')).toBe('https://player.vimeo.com/video/123456789');
    expect(videoEmbedUrl('https://www.loom.com/share/abc123')).toBe('https://www.loom.com/embed/abc123');
    expect(videoEmbedUrl('https://acme.wistia.com/medias/xyz')).toBe('https://fast.wistia.net/embed/iframe/xyz');
  });

  it('keeps other https pages and refuses what an iframe must not load', () => {
    expect(videoEmbedUrl('https://example.com/demo.mp4')).toBe('https://example.com/demo.mp4');
    expect(videoEmbedUrl('http://example.com/demo')).toBeNull();
    expect(videoEmbedUrl('javascript:alert(1)')).toBeNull();
    expect(videoEmbedUrl('not a url')).toBeNull();
    expect(videoEmbedUrl('https://www.youtube.com/watch?v=bad')).toBeNull();
    expect(videoEmbedUrl(null)).toBeNull();
    expect(videoEmbedUrl('')).toBeNull();
  });
});

describe('xmlEscape', () => {
  it('escapes markup characters and drops characters XML forbids', () => {
    expect(xmlEscape(`Tom & "Jerry" <b>'s</b>`)).toBe('Tom &amp; &quot;Jerry&quot; &lt;b&gt;&apos;s&lt;/b&gt;');
    expect(xmlEscape('a\u0000b\u0008c\td\ne')).toBe('abc\td\ne');
  });
});

describe('contactEmails', () => {
  it('uses the site host, or example.com for a local build', () => {
    vi.stubEnv('CONTACT_EMAIL_DOMAIN', '');
    expect(contactEmails(new URL('https://www.aitools.example/')).support).toBe('support@aitools.example');
    expect(contactEmails(new URL('http://localhost:4321')).press).toBe('press@example.com');
    expect(contactEmails(new URL('http://127.0.0.1:8080')).partnerships).toBe('partnerships@example.com');
    vi.stubEnv('CONTACT_EMAIL_DOMAIN', 'mail.example.org');
    expect(contactEmails(new URL('https://www.aitools.example/')).support).toBe('support@mail.example.org');
    vi.unstubAllEnvs();
  });
});
