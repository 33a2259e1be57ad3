// Escaping for the bits of XML the project writes itself: the feeds' elements @astrojs/rss takes as raw XML (customData), and the badges' SVG and snippets.
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function xmlEscape(value: string): string {
  // Characters XML 1.0 forbids are dropped rather than escaped.
  return value.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '').replace(/[&<>"']/g, (c) => ENTITIES[c]);
}
