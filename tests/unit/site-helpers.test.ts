// The public pages' helpers: the demo-video embed address, brand text colour, XML escaping for the feed, contact addresses.
import { describe, expect, it, vi } from 'vitest';
import { contactEmails } from '../../site/components/contact';
import { contrastRatio, textOn, videoEmbedUrl } from '../../lib/premium-assets';
import { xmlEscape } from '../../lib/xml';

describe('videoEmbedUrl', () => {
  it('turns YouTube watch, short, shorts and embed links into the no-cookie player', () => {
    const embed = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0';
    expect(videoEmbedUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10')).toBe(embed);
    expect(videoEmbedUrl('https://youtu.be/dQw4w9WgXcQ')).toBe(embed);
    expect(videoEmbedUrl('https://m.youtube.com/shorts/dQw4w9WgXcQ')).toBe(embed);
    expect(videoEmbedUrl('https://www.youtube.com/embed/dQw4w9WgXcQ')).toBe(embed);
  });

  it('embeds Vimeo through its player with Do Not Track', () => {
    expect(videoEmbedUrl('https://vimeo.com/123456789')).toBe(
      'https://player.vimeo.com/video/123456789?dnt=1&autoplay=1',
    );
    expect(videoEmbedUrl('https://player.vimeo.com/video/42')).toBe(
      'https://player.vimeo.com/video/42?dnt=1&autoplay=1',
    );
  });

  it('embeds nothing else: other hosts (the CSP frames only these two), bad ids, other schemes', () => {
    expect(videoEmbedUrl('https://www.loom.com/share/abc123')).toBeNull();
    expect(videoEmbedUrl('https://acme.wistia.com/medias/xyz')).toBeNull();
    expect(videoEmbedUrl('https://example.com/demo.mp4')).toBeNull();
    expect(videoEmbedUrl('javascript:alert(1)')).toBeNull();
    expect(videoEmbedUrl('not a url')).toBeNull();
    expect(videoEmbedUrl('https://www.youtube.com/watch?v=bad')).toBeNull();
    expect(videoEmbedUrl('https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(videoEmbedUrl(null)).toBeNull();
    expect(videoEmbedUrl('')).toBeNull();
  });
});

describe('textOn', () => {
  it('picks black or white text with at least WCAG AA contrast on any brand colour', () => {
    for (const color of [
      '#000000',
      '#ffffff',
      '#777777',
      '#767676',
      '#1a2b3c',
      '#ffcc00',
      '#0000ff',
      '#ff0000',
      '#00ff00',
      '#808080',
    ]) {
      expect(contrastRatio(color, textOn(color)), color).toBeGreaterThanOrEqual(4.5);
    }
    expect(textOn('#1a2b3c')).toBe('#ffffff');
    expect(textOn('#ffcc00')).toBe('#000000');
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
