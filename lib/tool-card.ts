// What a tool card shows of a tool (site/components/ToolCard.tsx): the only fields a page puts into its HTML or an
// island's props for a card.
import type { PublicTool } from './contract';

export type ToolCardData = Pick<
  PublicTool,
  'name' | 'slug' | 'url' | 'description' | 'logoUrl' | 'tags' | 'isPremium' | 'qualityScore'
> & {
  /** It has a verified owner (docs/decisions/0099): a small mark. Read beside the tool, never part of PublicTool. */
  verifiedOwner?: boolean;
};

export function toolCardOf({
  name,
  slug,
  url,
  description,
  logoUrl,
  tags,
  isPremium,
  qualityScore,
  verifiedOwner,
}: ToolCardData): ToolCardData {
  return {
    name,
    slug,
    url,
    description,
    logoUrl,
    tags,
    isPremium,
    qualityScore,
    verifiedOwner: verifiedOwner === true,
  };
}
