// The status of a tool on its owner's dashboard: a badge for every status, with the reason of a rejection or an
// unlisting beside it (issue 24: an unlisted tool showed a bare lowercase "unlisted").
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import ToolStatusBadge from '../../site/islands/Dashboard/ToolStatusBadge';
import type { ToolStatus } from '../../lib/tool-status';

const render = (status: ToolStatus, reasons: { rejectionReason?: string | null; unlistReason?: string | null } = {}) =>
  renderToStaticMarkup(
    createElement(ToolStatusBadge, { tool: { status, rejectionReason: null, unlistReason: null, ...reasons } }),
  );
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('ToolStatusBadge', () => {
  it('shows every status as a capitalised badge', () => {
    for (const [status, label] of [
      ['pending', 'Pending'],
      ['approved', 'Approved'],
      ['rejected', 'Rejected'],
      ['unlisted', 'Unlisted'],
    ] as const) {
      const html = render(status);
      expect(html).toMatch(new RegExp(`<span class="badge [^"]*"[^>]*>${label}</span>`));
      expect(text(html)).toBe(label);
    }
  });

  it('gives a rejected and an unlisted tool their reason', () => {
    expect(text(render('rejected', { rejectionReason: 'Not an AI tool' }))).toBe('Rejected Reason: Not an AI tool');
    expect(text(render('unlisted', { unlistReason: 'Site is down' }))).toBe('Unlisted Reason: Site is down');
    // A reason left from an earlier status is not shown under another one.
    expect(text(render('approved', { unlistReason: 'Old', rejectionReason: 'Older' }))).toBe('Approved');
  });
});
