// The blog's HTML allow-list and its plain-text reading.
import { describe, expect, it } from 'vitest';
import { htmlToText, sanitizeBlogHtml } from '../../lib/sanitize';

describe('sanitizeBlogHtml', () => {
  it('removes script, style, iframe and form elements with their content', () => {
    expect(sanitizeBlogHtml('<p>Hi<script>alert(1)</script></p>')).toBe('<p>Hi</p>');
    expect(
      sanitizeBlogHtml('<style>p{display:none}</style><iframe src="https://evil.example"></iframe><p>ok</p>'),
    ).toBe('<p>ok</p>');
    expect(sanitizeBlogHtml('<form action="/x"><input name="a"></form><p>x</p>')).toBe('<p>x</p>');
    expect(sanitizeBlogHtml('<svg onload="alert(1)"><circle /></svg>')).toBe('');
  });

  it('removes event-handler, style and unknown attributes', () => {
    expect(sanitizeBlogHtml('<p style="color:red" class="x" onclick="steal()">t</p>')).toBe('<p>t</p>');
    expect(sanitizeBlogHtml('<img src="https://example.com/a.png" onerror="alert(1)" alt="A">')).toBe(
      '<img src="https://example.com/a.png" alt="A" />',
    );
  });

  it('removes javascript:, data: and protocol-relative urls', () => {
    expect(sanitizeBlogHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeBlogHtml('<a href="JaVaScRiPt:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeBlogHtml('<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>')).toBe('<a>x</a>');
    expect(sanitizeBlogHtml('<img src="data:image/png;base64,AAAA">')).toBe('<img />');
    expect(sanitizeBlogHtml('<a href="//evil.example">x</a>')).toBe('<a>x</a>');
  });

  it('keeps http, https and mailto links with their title', () => {
    expect(sanitizeBlogHtml('<a href="https://example.com" title="t">x</a>')).toBe(
      '<a href="https://example.com" title="t">x</a>',
    );
    expect(sanitizeBlogHtml('<a href="mailto:team@example.com">mail</a>')).toBe(
      '<a href="mailto:team@example.com">mail</a>',
    );
  });

  it('gives links opening a new tab rel="noopener noreferrer", replacing any other rel', () => {
    expect(sanitizeBlogHtml('<a href="https://example.com" target="_blank">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeBlogHtml('<a href="https://example.com" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('turns h1 into h2, since the page title is the h1', () => {
    expect(sanitizeBlogHtml('<h1>Title</h1><h2>Sub</h2>')).toBe('<h2>Title</h2><h2>Sub</h2>');
  });

  it('keeps formatting, lists, quotes, code and tables', () => {
    const html =
      '<h3>Why</h3><p><strong>Bold</strong>, <em>italic</em> and <code>code</code>.</p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>Quote</blockquote><hr />' +
      '<pre><code class="language-ts">const a = 1;</code></pre>' +
      '<table><thead><tr><th scope="col">A</th></tr></thead><tbody><tr><td colspan="2">1</td></tr></tbody></table>' +
      '<figure><img src="https://example.com/a.png" alt="A" width="10" height="10" /><figcaption>Cap</figcaption></figure>';
    expect(sanitizeBlogHtml(html)).toBe(html);
  });

  it('keeps only language-* classes on code', () => {
    expect(sanitizeBlogHtml('<pre><code class="language-ts evil">x</code></pre>')).toBe(
      '<pre><code class="language-ts">x</code></pre>',
    );
  });

  it('closes and repairs broken markup', () => {
    expect(sanitizeBlogHtml('<ul><li><strong>a</strong> <em>b</em></li></ol>')).toBe(
      '<ul><li><strong>a</strong> <em>b</em></li></ul>',
    );
  });
});

describe('htmlToText', () => {
  it('keeps the words and drops tags, scripts and styles', () => {
    expect(htmlToText('<p>Hello <strong>bold</strong> world</p><script>evil()</script><style>p{}</style>')).toBe(
      'Hello bold world',
    );
  });

  it('separates the words of adjacent blocks, but not of inline tags', () => {
    expect(htmlToText('<h2>Hello</h2><p>World</p><ul><li>a</li><li>b</li></ul>line<br>break')).toBe(
      'Hello World a b line break',
    );
    expect(htmlToText('<p>un<b>bold</b>ed</p>')).toBe('unbolded');
  });

  it('collapses whitespace and trims', () => {
    expect(htmlToText('  <p>a\n\n   b\t c</p>  ')).toBe('a b c');
  });

  it('decodes entities into plain text', () => {
    expect(htmlToText('<p>Tom &amp; Jerry &lt;3 &quot;q&quot; &#39;s&#39;</p>')).toBe('Tom & Jerry <3 "q" \'s\'');
    expect(htmlToText('<p>&amp;lt;b&amp;gt;</p>')).toBe('&lt;b&gt;');
  });

  it('is empty for markup without words', () => {
    expect(htmlToText('')).toBe('');
    expect(htmlToText('<p> </p><p>&nbsp;</p><script>x</script>')).toBe('');
    expect(htmlToText('<img src="https://example.com/a.png" alt="A">')).toBe('');
  });
});
