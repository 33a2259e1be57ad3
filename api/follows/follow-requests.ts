// The page of a follow asked for a confirmed address by e-mail (docs/decisions/0112; follows.ts writes the request and
// its e-mail): opening the link changes nothing, the page's button confirms with a POST, and the link dies after
// FOLLOW_CONFIRM_DAYS, when the request is deleted.
import { and, eq, inArray, lt } from 'drizzle-orm';
import { db } from '../../db/client';
import { followRequests, subscribers, tools } from '../../db/schema';
import { categoryLabel, isCategoryId } from '../../lib/category-pages';
import { ENGAGE_MSG } from '../../lib/engagement-messages';
import { FOLLOW_CONFIRM_DAYS } from '../../lib/newsletter';
import { PAGE_TOOL_STATUSES } from '../../lib/tool-status';
import { hashToken } from '../auth/sessions';
import { HttpError } from '../plugins/errors';
import { addFollow } from './follows';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The moment before which a follow request's link is dead (and the request deleted). */
const followRequestCutoff = (now: Date) => new Date(now.getTime() - FOLLOW_CONFIRM_DAYS * DAY_MS);

/** A live request, with what it follows named and the address it is for; undefined for any other token. */
export async function followRequestByToken(token: string, now: Date) {
  if (!token) return undefined;
  const [row] = await db
    .select({
      id: followRequests.id,
      subscriberId: followRequests.subscriberId,
      toolId: followRequests.toolId,
      category: followRequests.category,
      sentAt: followRequests.sentAt,
      toolName: tools.name,
      manageToken: subscribers.manageToken,
      status: subscribers.status,
    })
    .from(followRequests)
    .innerJoin(subscribers, eq(subscribers.id, followRequests.subscriberId))
    .leftJoin(tools, and(eq(tools.id, followRequests.toolId), inArray(tools.status, [...PAGE_TOOL_STATUSES])))
    .where(eq(followRequests.tokenHash, hashToken(token)));
  // Only a confirmed address follows (one that unsubscribed since subscribes again first), and only what can still be
  // followed (a tool taken off the directory since cannot).
  if (row?.status !== 'confirmed' || row.sentAt < followRequestCutoff(now)) return undefined;
  const category = row.category !== null && isCategoryId(row.category) ? row.category : null;
  if (row.toolName === null && category === null) return undefined;
  return {
    id: row.id,
    subscriberId: row.subscriberId,
    manageToken: row.manageToken,
    toolId: row.toolId,
    category,
    name: row.toolName ?? (category ? categoryLabel(category) : ''),
  };
}

/** The page's button: the follow counts from now and the request is gone. A dead token: 404. */
export async function confirmFollowRequest(token: string, now: Date) {
  const request = await followRequestByToken(token, now);
  if (!request) throw new HttpError(404, ENGAGE_MSG.followConfirmLinkInvalid);
  await db.transaction(async (tx) => {
    await addFollow(tx, request.subscriberId, request, now);
    await tx.delete(followRequests).where(eq(followRequests.id, request.id));
  });
  return request;
}

/** Deletes the requests whose link is dead at `now`; returns how many. */
export async function forgetFollowRequests(now: Date): Promise<number> {
  const gone = await db
    .delete(followRequests)
    .where(lt(followRequests.sentAt, followRequestCutoff(now)))
    .returning({ id: followRequests.id });
  return gone.length;
}
