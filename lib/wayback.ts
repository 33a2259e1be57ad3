// The Wayback Machine's address of a site as it was on a day: a discontinued tool's page links it (docs/decisions/0103).

/**
 * The copy of `url` nearest to `day` (the Wayback Machine redirects to the closest capture it holds). Nothing is
 * fetched: the address alone is stable, and asking the archive would send a request off our network for every mark.
 */
export function waybackUrl(url: string, day: Date): string {
  return `https://web.archive.org/web/${day.toISOString().slice(0, 10).replaceAll('-', '')}/${url}`;
}
