// Open Graph images: their size, their addresses, and the data each one shows. The server renders one on its first
// request and keeps it while no change touches its tool or post (api/publishing/kept-renders.ts, docs/decisions/0085).

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;
export const OG_SIZE = { width: OG_WIDTH, height: OG_HEIGHT } as const;

type OgKind = 'tool' | 'blog';

/** /og/tool/{slug}.png, /og/blog/{slug}.png */
export function ogImagePath(kind: OgKind, slug: string): string {
  return `/og/${kind}/${slug}.png`;
}

export interface OgTool {
  name: string;
  logoUrl: string | null;
  qualityScore: number | null;
  tags: string[];
}

/** What a tool's image shows: name, logo (an upload's address names its bytes), score and up to three categories. */
export function ogToolData({ name, logoUrl, qualityScore, tags }: OgTool): OgTool {
  return { name, logoUrl, qualityScore, tags: tags.slice(0, 3) };
}

export interface OgPost {
  title: string;
  category: string | null;
  publishedAt: Date | string | null;
}

/** What a post's image shows: title, category and publication date. */
export function ogPostData({ title, category, publishedAt }: OgPost): OgPost {
  return { title, category, publishedAt: publishedAt ? new Date(publishedAt).toISOString() : null };
}
