// JSON-LD (schema.org) builders for the public pages: directory, tool, blog post, breadcrumbs.
import type { PublicPost } from '../../db/queries/blog';
import type { PublicTool } from '../../lib/contract';
import { SITE_NAME } from '../../lib/constants';
import { tagLabel } from '../../lib/format';

type JsonLd = Record<string, unknown>;

const CONTEXT = 'https://schema.org';

/** The site's origin; astro.config.mjs always sets it (lib/site-url.ts), from SITE_URL or PORT. */
export function siteOrigin(site: URL | undefined): URL {
  if (!site) throw new Error('astro.config.mjs must set `site`');
  return site;
}

const abs = (path: string, site: URL): string => new URL(path, site).toString();

function iso(value: Date | null | undefined): string | undefined {
  return value ? new Date(value).toISOString() : undefined;
}

function publisher(site: URL): JsonLd {
  return {
    '@type': 'Organization',
    name: SITE_NAME,
    url: site.toString(),
    logo: { '@type': 'ImageObject', url: abs('/favicon.svg', site) },
  };
}

/** /directory: a web page whose main entity is the list of the tools shown. */
export function directoryJsonLd(
  tools: Pick<PublicTool, 'name' | 'slug'>[],
  site: URL,
  description: string,
  { name = 'Explore AI Tools', path = '/directory' }: { name?: string; path?: string } = {},
): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'WebPage',
    name,
    description,
    url: abs(path, site),
    isPartOf: { '@type': 'WebSite', name: SITE_NAME, url: site.toString() },
    mainEntity: {
      '@type': 'ItemList',
      numberOfItems: tools.length,
      itemListElement: tools.map((tool, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        name: tool.name,
        url: abs(`/tool/${tool.slug}`, site),
      })),
    },
  };
}

/** schema.org's applicationCategory for a tool's first (main) category. */
function applicationCategory(tags: string[]): string {
  const first = tags[0];
  if (first === 'development') return 'DeveloperApplication';
  if (first === 'design') return 'DesignApplication';
  if (first === 'content-creation') return 'MultimediaApplication';
  return 'BusinessApplication';
}

/**
 * /tool/{slug}: a software application with a free offer in USD and the editor's score out of 10. `offered`: false for
 * a discontinued tool, whose site is gone: no offer is advertised for it.
 */
export function toolJsonLd(tool: PublicTool, site: URL, { offered = true } = {}): JsonLd {
  const data: JsonLd = {
    '@context': CONTEXT,
    '@type': 'SoftwareApplication',
    name: tool.name,
    description: tool.description,
    url: abs(`/tool/${tool.slug}`, site),
    sameAs: tool.url,
    applicationCategory: applicationCategory(tool.tags),
    operatingSystem: 'Web',
    keywords: tool.tags.map(tagLabel).join(', '),
  };
  if (offered) data.offers = { '@type': 'Offer', price: '0', priceCurrency: 'USD' };
  if (tool.logoUrl) data.image = abs(tool.logoUrl, site);
  if (tool.screenshots.length > 0 && tool.isPremium) data.screenshot = tool.screenshots.map((src) => abs(src, site));
  if (tool.qualityScore != null) {
    data.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: tool.qualityScore,
      bestRating: 10,
      worstRating: 0,
      ratingCount: 1,
    };
  }
  const dateModified = iso(tool.updatedAt);
  if (dateModified) data.dateModified = dateModified;
  return data;
}

/** /blog/{slug}: a blog posting by its author, published by the site. */
export function postJsonLd(post: PublicPost, site: URL): JsonLd {
  const url = abs(`/blog/${post.slug}`, site);
  const data: JsonLd = {
    '@context': CONTEXT,
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.excerpt ?? undefined,
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    datePublished: iso(post.publishedAt),
    dateModified: iso(post.updatedAt) ?? iso(post.publishedAt),
    author: { '@type': 'Person', name: post.authorName },
    publisher: publisher(site),
    keywords: post.tags.join(', ') || undefined,
    articleSection: post.category ?? undefined,
  };
  if (post.featuredImage) data.image = abs(post.featuredImage, site);
  return data;
}

/** A breadcrumb trail from (name, path) pairs. */
export function breadcrumbJsonLd(trail: [string, string][], site: URL): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: trail.map(([name, path], i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name,
      item: abs(path, site),
    })),
  };
}
