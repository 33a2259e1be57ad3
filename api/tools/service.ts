// What every write of a tool shares, for submissions, owners' change requests and the staff's edits: the URL it holds
// must be free, a new slug must be free (and a tool becoming public takes its name's own slug), and its record (every field but the internal duplicate key) is what its owner
// and the staff are answered.
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { tools, type Tool } from '../../db/schema';
import type { ToolRecord } from '../../lib/contract';
import { urlKey } from '../../lib/format';
import { MSG } from '../../lib/messages';
import { TOOL_STATUS, URL_HOLDING_STATUSES, isApprovedSide } from '../../lib/tool-status';
import { conflict } from '../plugins/errors';
import { freeSlug, slugFamily, slugRoot } from '../slugs';
import { uniqueSlug } from '../../lib/slug';

export function toolRecord(tool: Tool): ToolRecord {
  // premiumLapsed is billing's bookkeeping (decision 0052), not part of the tool; the columns of keeping listings true
  // (the queue's reason code and requested changes, discontinued) travel in their own calls, so the spec's answers
  // keep their shape (docs/decisions/0098).
  const {
    urlKey: _key,
    premiumLapsed: _lapsed,
    rejectionCode: _code,
    changesRequestedAt: _asked,
    changesRequestedNote: _askedNote,
    discontinuedAt: _discontinued,
    discontinuedReason: _why,
    archiveUrl: _archive,
    ...record
  } = tool;
  return record;
}

/** Refuses a URL that another live or pending tool already has, naming that tool (409). */
export async function assertUrlFree(reader: Executor, url: string, exceptToolId?: number): Promise<void> {
  const [existing] = await reader
    .select({ name: tools.name, status: tools.status })
    .from(tools)
    .where(
      and(
        eq(tools.urlKey, urlKey(url)),
        inArray(tools.status, [...URL_HOLDING_STATUSES]),
        exceptToolId === undefined ? undefined : ne(tools.id, exceptToolId),
      ),
    )
    .limit(1);
  if (!existing) return;
  throw conflict(
    existing.status === TOOL_STATUS.pending
      ? MSG.toolAlreadyPending(existing.name)
      : MSG.toolAlreadyListed(existing.name),
  );
}

const TOOL_SLUG_FALLBACK = 'tool';

/** A free slug for a tool called `name`. */
export function freeToolSlug(tx: Executor, name: string, exceptToolId?: number): Promise<string> {
  return freeSlug(tx, tools, name, TOOL_SLUG_FALLBACK, exceptToolId);
}

/** A tool a public tool's slug displaced: it was never public, so no address of it was ever published. */
interface MovedSlug {
  toolId: number;
  from: string;
  to: string;
}

/**
 * The slug `tool` takes as it becomes public (docs/decisions/0069): its name's own slug, or the first numbered one that
 * no approved or unlisted tool holds. A pending or rejected tool holding that slug (never public, so no link to it was
 * ever published) is moved aside to a slug no tool holds, inside the caller's transaction, before the caller writes.
 */
export async function claimPublicSlug(
  tx: Executor,
  tool: Pick<Tool, 'id' | 'name' | 'slug'>,
): Promise<{ slug: string; moved: MovedSlug | null }> {
  const root = slugRoot(tool.name, TOOL_SLUG_FALLBACK);
  const family = await tx
    .select({ id: tools.id, slug: tools.slug, status: tools.status })
    .from(tools)
    .where(slugFamily(tools, root, tool.id));
  const slug = uniqueSlug(root, new Set(family.filter((t) => isApprovedSide(t.status)).map((t) => t.slug)));
  const holder = family.find((t) => t.slug === slug);
  if (slug === tool.slug || !holder) return { slug, moved: null };
  const to = uniqueSlug(root, new Set([...family.map((t) => t.slug), tool.slug]));
  await tx.update(tools).set({ slug: to, updatedAt: new Date() }).where(eq(tools.id, holder.id));
  return { slug, moved: { toolId: holder.id, from: slug, to } };
}
