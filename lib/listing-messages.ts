// The messages of keeping listings true (docs/decisions/0098), written once for the islands, the pages and the API:
// claims, reader reports, link health, discontinued tools and the review queue. Each part keeps its own block.
export const LISTING_MSG = {
  // --- verified owners: claiming ---
  // --- verified owners: the mark, the owner's tools, the admin's claims ---
  // --- reader reports ---
  // --- link health ---
  // --- discontinued tools ---
  // --- the review queue ---
} as const;
