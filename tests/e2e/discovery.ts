// The discovery pages the page checks (vnu, axe) visit: a category's first and second page, a tool's alternatives
// page and its first comparison, as the tool page links them.
import { expect, type APIRequestContext } from '@playwright/test';

/** content-creation has more than one page of tools in the seed. */
export const PAGED_CATEGORY = 'content-creation';

export async function discoveryPaths(request: APIRequestContext, toolSlug: string): Promise<string[]> {
  const html = await (await request.get(`/tool/${toolSlug}`)).text();
  const compare = /href="(\/compare\/[^"]+)"/.exec(html)?.[1];
  expect(compare, `the tool page of ${toolSlug} links a comparison`).toBeTruthy();
  return [`/category/${PAGED_CATEGORY}`, `/category/${PAGED_CATEGORY}/2`, `/tool/${toolSlug}/alternatives`, compare!];
}
