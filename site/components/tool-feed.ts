// What the two feeds of newly approved tools (/tools/feed.json and /tools/rss.xml) share.
import type { PublicTool } from '../../lib/contract';
import { SITE_NAME } from '../../lib/constants';

/** The newest approvals each feed lists. */
export const TOOL_FEED_SIZE = 50;
export const TOOL_FEED_TITLE = `${SITE_NAME}: newly approved tools`;

/** One line about a tool: its rating, then its description. */
export function toolFeedSummary(tool: Pick<PublicTool, 'description' | 'qualityScore'>): string {
  const rated = tool.qualityScore != null ? `Rated ${tool.qualityScore}/10 by our editors. ` : '';
  return `${rated}${tool.description.replace(/\s+/g, ' ').trim()}`;
}
