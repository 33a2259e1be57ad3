// The tags' names (lib/cache-tags.ts): which tags name one row, the pages of a tool or a post.
import { describe, expect, it } from 'vitest';
import { POSTS_TAG, rowOfTag, SITE_TAG, SITEMAP_TAG, TOOLS_TAG, postTag, toolTag } from '../../lib/cache-tags';

describe('rowOfTag', () => {
  it("reads a tool's and a post's tag as their row", () => {
    expect(rowOfTag(toolTag('chatgpt'))).toEqual({ kind: 'tool', slug: 'chatgpt' });
    expect(rowOfTag(postTag('ai-coding'))).toEqual({ kind: 'post', slug: 'ai-coding' });
  });

  it('names no row for the lists, the sitemap or every page', () => {
    // "tools" once read as the tool "tools": an edit then purged /tool/tools and listed /og/tool/tools.png as changed.
    for (const tag of [TOOLS_TAG, POSTS_TAG, SITEMAP_TAG, SITE_TAG, 'category:design'])
      expect(rowOfTag(tag)).toBeNull();
  });
});
