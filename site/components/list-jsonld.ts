// JSON-LD (schema.org) builders for the pages that list tools: category pages, alternatives and comparisons.
import type { PublicTool } from '../../lib/contract';

const CONTEXT = 'https://schema.org';

const abs = (path: string, site: URL): string => new URL(path, site).toString();

/** A collection page (a category page) whose main entity is the list of tools on it, numbered from `offset` + 1. */
export function collectionJsonLd(
  {
    name,
    description,
    path,
    tools,
    offset = 0,
  }: { name: string; description: string; path: string; tools: Pick<PublicTool, 'name' | 'slug'>[]; offset?: number },
  site: URL,
): Record<string, unknown> {
  return {
    '@context': CONTEXT,
    '@type': 'CollectionPage',
    name,
    description,
    url: abs(path, site),
    mainEntity: itemList(tools, site, offset),
  };
}

/** An ItemList of tool pages, numbered from `offset` + 1. */
function itemList(tools: Pick<PublicTool, 'name' | 'slug'>[], site: URL, offset = 0): Record<string, unknown> {
  return {
    '@context': CONTEXT,
    '@type': 'ItemList',
    numberOfItems: tools.length,
    itemListElement: tools.map((tool, i) => ({
      '@type': 'ListItem',
      position: offset + i + 1,
      name: tool.name,
      url: abs(`/tool/${tool.slug}`, site),
    })),
  };
}
