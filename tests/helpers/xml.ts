// Reads the site's XML the way a crawler or a feed reader does: it must be well-formed, and in the shape of the
// sitemaps.org protocol (an index, then the sitemaps it lists) or of RSS 2.0.
import { XMLParser, XMLValidator } from 'fast-xml-parser';

interface SitemapUrl {
  loc: string;
  lastmod?: string;
}

export interface SitemapFile extends SitemapUrl {
  urls: SitemapUrl[];
}

interface FeedItem {
  title?: string;
  link?: string;
  guid?: string;
  description?: string;
  pubDate?: string;
  category?: string[];
  'dc:creator'?: string;
}

export interface Feed {
  title: string;
  link: string;
  description: string;
  items: FeedItem[];
  /** The <rss> element's attributes (version, namespaces), without their '@_' prefix. */
  attributes: Record<string, string>;
  /** The channel's other elements, as parsed. */
  channel: Record<string, unknown>;
}

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
/** The protocol's limit of URLs per sitemap file. */
const SITEMAP_MAX_URLS = 50_000;
const LISTS = new Set(['sitemap', 'url', 'item', 'category']);

const parser = new XMLParser({
  ignoreAttributes: false,
  // Text stays text: a slug or a date must not turn into a number.
  parseTagValue: false,
  isArray: (name) => LISTS.has(name),
});

type Node = Record<string, unknown>;

/** The document's elements; throws when the text is not well-formed XML. */
function parseXml(text: string): Node {
  const verdict = XMLValidator.validate(text);
  if (verdict !== true) throw new Error(`not well-formed XML: ${verdict.err.msg} (line ${verdict.err.line})`);
  return parser.parse(text) as Node;
}

const textOf = (value: unknown): string | undefined =>
  typeof value === 'string'
    ? value
    : value && typeof value === 'object' && '#text' in value
      ? String((value as Node)['#text'])
      : undefined;

function entries(list: unknown, where: string): SitemapUrl[] {
  if (!Array.isArray(list)) throw new Error(`${where} lists nothing`);
  return list.map((entry: Node) => {
    const loc = textOf(entry.loc);
    if (!loc) throw new Error(`${where}: an entry without <loc>`);
    const lastmod = textOf(entry.lastmod);
    if (lastmod !== undefined && Number.isNaN(Date.parse(lastmod)))
      throw new Error(`${where}: <lastmod>${lastmod}</lastmod> is not a date`);
    return lastmod === undefined ? { loc } : { loc, lastmod };
  });
}

/** The sitemaps an index lists and the URLs of each, read through `read` (the text at an absolute URL). */
export async function readSitemap(indexUrl: string, read: (url: string) => Promise<string>): Promise<SitemapFile[]> {
  const index = parseXml(await read(indexUrl)).sitemapindex as Node | undefined;
  if (!index || index['@_xmlns'] !== SITEMAP_NS) throw new Error(`${indexUrl} is not a sitemap index`);
  const files: SitemapFile[] = [];
  for (const sitemap of entries(index.sitemap, indexUrl)) {
    const set = parseXml(await read(sitemap.loc)).urlset as Node | undefined;
    if (!set || set['@_xmlns'] !== SITEMAP_NS) throw new Error(`${sitemap.loc} is not a sitemap`);
    const urls = entries(set.url, sitemap.loc);
    if (urls.length > SITEMAP_MAX_URLS)
      throw new Error(`${sitemap.loc} lists ${urls.length} URLs, over the protocol's ${SITEMAP_MAX_URLS}`);
    files.push({ ...sitemap, urls });
  }
  return files;
}

/** An RSS 2.0 feed: the channel's required elements, and items that each have a title or a description. */
export function parseRss(text: string): Feed {
  const rss = parseXml(text).rss as Node | undefined;
  if (!rss) throw new Error('no <rss> element');
  const attributes = Object.fromEntries(
    Object.entries(rss)
      .filter(([key]) => key.startsWith('@_'))
      .map(([key, value]) => [key.slice(2), String(value)]),
  );
  if (attributes.version !== '2.0') throw new Error(`RSS version ${attributes.version}, not 2.0`);
  const channel = rss.channel as Node | undefined;
  if (!channel || Array.isArray(channel)) throw new Error('an RSS feed has one <channel>');
  const [title, link, description] = [textOf(channel.title), textOf(channel.link), textOf(channel.description)];
  if (title === undefined || link === undefined || description === undefined)
    throw new Error('<channel> needs <title>, <link> and <description>');
  const items = ((channel.item as Node[] | undefined) ?? []).map((item) => {
    if (item.title === undefined && item.description === undefined)
      throw new Error('an <item> needs a <title> or a <description>');
    const pubDate = textOf(item.pubDate);
    if (pubDate !== undefined && Number.isNaN(Date.parse(pubDate)))
      throw new Error(`<pubDate>${pubDate}</pubDate> is not a date`);
    return {
      title: textOf(item.title),
      link: textOf(item.link),
      guid: textOf(item.guid),
      description: textOf(item.description),
      pubDate,
      category: (item.category as unknown[] | undefined)?.map((c) => textOf(c) ?? ''),
      'dc:creator': textOf(item['dc:creator']),
    };
  });
  return { title, link, description, items, attributes, channel };
}
