// The Link header naming the next page of a paged array answer (RFC 8288), as GET /api/user/tools started it
// (docs/decisions/0040): the answer stays the array, and the header is set only while a later page has rows.
export function nextPageLink(path: string, { limit, offset }: { limit: number; offset: number }): string {
  return `<${path}?${new URLSearchParams({ limit: String(limit), offset: String(offset + limit) })}>; rel="next"`;
}
