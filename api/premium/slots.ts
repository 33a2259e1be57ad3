// Featured slots in the digest (docs/decisions/0110): a Premium member books one of their listed tools into a coming
// issue within a quarterly allowance, moves or cancels it until SLOT_LOCK_HOURS before the send, and sees the clicks
// it brought; the digest reads featuredSlotsFor. Every rule here, on the server.
import { and, asc, count, desc, eq, gte, lte, ne, sql } from 'drizzle-orm';
import { db, type Executor } from '../../db/client';
import { newsletterSlots, tools, users, type User } from '../../db/schema';
import type { BookSlotInput, MemberSlot, SlotCalendar } from '../../lib/contract';
import type { FeaturedSlot } from '../../lib/digest';
import { ENGAGE_MSG } from '../../lib/engagement-messages';
import { issueSendTime, nextIssueDates, SLOT_ALLOWANCE, SLOT_LOCK_HOURS, SLOTS_PER_ISSUE } from '../../lib/newsletter';
import { PUBLIC_TOOL_STATUS } from '../../lib/tool-status';
import { recordAudit } from '../audit';
import { requirePremium } from './guard';
import { config } from '../config';
import { badRequest, conflict, forbidden, notFound } from '../plugins/errors';
import { rateKey, requireAttempt } from '../rate-limit';

/** How many coming issues the member's calendar shows: a quarter ahead and a little more. */
const CALENDAR_WEEKS = 14;

const HOUR_MS = 60 * 60 * 1000;

/** When bookings into the issue of `issueDate` close. */
const slotLockTime = (issueDate: string) => new Date(issueSendTime(issueDate).getTime() - SLOT_LOCK_HOURS * HOUR_MS);

/** The first and last day (YYYY-MM-DD) of the calendar quarter an issue falls in: the allowance counts by it. */
function quarterOf(issueDate: string): { first: string; last: string } {
  const year = Number(issueDate.slice(0, 4));
  const startMonth = Math.floor((Number(issueDate.slice(5, 7)) - 1) / 3) * 3;
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { first: day(Date.UTC(year, startMonth, 1)), last: day(Date.UTC(year, startMonth + 3, 0)) };
}

/** Slots a member may book per quarter: by plan; Premium an admin granted has no plan and counts as monthly. */
const allowanceOf = (user: Pick<User, 'premiumPlan'>) => SLOT_ALLOWANCE[user.premiumPlan ?? 'monthly'];

/** The counted link of a slot in the e-mail and the archive (GET /newsletter/featured/{slotId}). */
const featuredClickUrl = (slotId: number) => `${config.siteUrl}/newsletter/featured/${slotId}`;

/** The slots booked into the issue of `issueDate` (YYYY-MM-DD), in booking order, for the e-mail and the archive. */
export async function featuredSlotsFor(issueDate: string, tx: Executor = db): Promise<FeaturedSlot[]> {
  // A slot whose tool left the directory or whose member's Premium ended is not shown: what is featured is live.
  const rows = await tx
    .select({
      slotId: newsletterSlots.id,
      toolName: tools.name,
      toolSlug: tools.slug,
      description: tools.description,
      logoUrl: tools.logoUrl,
    })
    .from(newsletterSlots)
    .innerJoin(tools, eq(tools.id, newsletterSlots.toolId))
    .innerJoin(users, eq(users.id, newsletterSlots.userId))
    .where(
      and(eq(newsletterSlots.issueDate, issueDate), eq(tools.status, PUBLIC_TOOL_STATUS), eq(users.isPremium, true)),
    )
    .orderBy(asc(newsletterSlots.createdAt), asc(newsletterSlots.id));
  return rows.map((row) => ({ ...row, clickUrl: featuredClickUrl(row.slotId) }));
}

/** A coming issue that is still open for changes at `now`: 400 for a date that is no issue, 409 once it is locked. */
function requireOpenIssue(issueDate: string, now: Date): void {
  if (!nextIssueDates(now, CALENDAR_WEEKS).includes(issueDate)) throw badRequest(ENGAGE_MSG.slotNotAnIssue);
  if (slotLockTime(issueDate) <= now) throw conflict(ENGAGE_MSG.slotLocked);
}

/**
 * Room for `toolId` in the issue (not already in it, a free place) and in the member's allowance for its quarter,
 * `except` a slot being moved.
 */
async function requireRoom(
  tx: Executor,
  user: User,
  slot: { issueDate: string; toolId: number },
  except?: number,
): Promise<void> {
  const { issueDate } = slot;
  const [same] = await tx
    .select({ id: newsletterSlots.id })
    .from(newsletterSlots)
    .where(and(eq(newsletterSlots.issueDate, issueDate), eq(newsletterSlots.toolId, slot.toolId)));
  if (same) throw conflict(ENGAGE_MSG.slotAlreadyBooked);
  const others = except === undefined ? undefined : ne(newsletterSlots.id, except);
  const [inIssue] = await tx
    .select({ n: count() })
    .from(newsletterSlots)
    .where(and(eq(newsletterSlots.issueDate, issueDate), others));
  if (inIssue.n >= SLOTS_PER_ISSUE) throw conflict(ENGAGE_MSG.slotIssueFull);
  const { first, last } = quarterOf(issueDate);
  const [used] = await tx
    .select({ n: count() })
    .from(newsletterSlots)
    .where(
      and(
        eq(newsletterSlots.userId, user.id),
        gte(newsletterSlots.issueDate, first),
        lte(newsletterSlots.issueDate, last),
        others,
      ),
    );
  if (used.n >= allowanceOf(user)) throw conflict(ENGAGE_MSG.slotAllowanceUsed);
}

/** A slot of the member's that may still change at `now`: 404 for another's or none, 409 once its issue is locked. */
async function openMemberSlot(tx: Executor, user: User, id: number, now: Date) {
  const [slot] = await tx
    .select()
    .from(newsletterSlots)
    .where(and(eq(newsletterSlots.id, id), eq(newsletterSlots.userId, user.id)));
  if (!slot) throw notFound(ENGAGE_MSG.slotNotFound);
  if (slotLockTime(slot.issueDate) <= now) throw conflict(ENGAGE_MSG.slotLocked);
  return slot;
}

async function memberSlot(tx: Executor, id: number, now: Date): Promise<MemberSlot> {
  const [row] = await tx
    .select({ slot: newsletterSlots, toolName: tools.name, toolSlug: tools.slug })
    .from(newsletterSlots)
    .innerJoin(tools, eq(tools.id, newsletterSlots.toolId))
    .where(eq(newsletterSlots.id, id));
  return slotView(row, now);
}

function slotView(
  { slot, toolName, toolSlug }: { slot: typeof newsletterSlots.$inferSelect; toolName: string; toolSlug: string },
  now: Date,
): MemberSlot {
  const sendsAt = issueSendTime(slot.issueDate);
  return {
    id: slot.id,
    issueDate: slot.issueDate,
    toolId: slot.toolId,
    toolName,
    toolSlug,
    sendsAt,
    locksAt: slotLockTime(slot.issueDate),
    sent: sendsAt <= now,
    clicks: slot.clicks,
  };
}

const throttle = (user: User) => requireAttempt([rateKey('slot-change-account', user.id)], ENGAGE_MSG.slotsTooMany);

/** Books `toolId` into the issue of `issueDate`: the member's own public tool, a free place, their allowance. */
export async function bookSlot(user: User, input: BookSlotInput, now: Date): Promise<MemberSlot> {
  requirePremium(user);
  await throttle(user);
  return db.transaction(async (tx) => {
    const [tool] = await tx
      .select({ submittedById: tools.submittedById, status: tools.status })
      .from(tools)
      .where(eq(tools.id, input.toolId));
    if (!tool) throw notFound(ENGAGE_MSG.slotToolNotFound);
    if (tool.submittedById !== user.id || tool.status !== PUBLIC_TOOL_STATUS)
      throw forbidden(ENGAGE_MSG.slotToolNotYours);
    requireOpenIssue(input.issueDate, now);
    await requireRoom(tx, user, input);
    const [slot] = await tx
      .insert(newsletterSlots)
      .values({ issueDate: input.issueDate, toolId: input.toolId, userId: user.id, createdAt: now, updatedAt: now })
      .returning();
    await recordAudit(tx, {
      actorId: user.id,
      action: 'slot.book',
      entityType: 'newsletter_slot',
      entityId: slot.id,
      before: null,
      after: { issueDate: slot.issueDate, toolId: slot.toolId },
    });
    return memberSlot(tx, slot.id, now);
  });
}

/** Moves a member's slot to another coming issue: both the old and the new issue must still be open. */
export async function moveSlot(user: User, id: number, issueDate: string, now: Date): Promise<MemberSlot> {
  requirePremium(user);
  await throttle(user);
  return db.transaction(async (tx) => {
    const slot = await openMemberSlot(tx, user, id, now);
    if (slot.issueDate === issueDate) return memberSlot(tx, id, now);
    requireOpenIssue(issueDate, now);
    await requireRoom(tx, user, { issueDate, toolId: slot.toolId }, id);
    await tx.update(newsletterSlots).set({ issueDate, updatedAt: now }).where(eq(newsletterSlots.id, id));
    await recordAudit(tx, {
      actorId: user.id,
      action: 'slot.move',
      entityType: 'newsletter_slot',
      entityId: id,
      before: { issueDate: slot.issueDate },
      after: { issueDate },
    });
    return memberSlot(tx, id, now);
  });
}

/** Cancels a member's slot before its issue locks; the allowance it used is free again. Premium or not: giving up is
 * always allowed. */
export async function cancelSlot(user: User, id: number, now: Date): Promise<void> {
  await throttle(user);
  await db.transaction(async (tx) => {
    const slot = await openMemberSlot(tx, user, id, now);
    await tx.delete(newsletterSlots).where(eq(newsletterSlots.id, id));
    await recordAudit(tx, {
      actorId: user.id,
      action: 'slot.cancel',
      entityType: 'newsletter_slot',
      entityId: id,
      before: { issueDate: slot.issueDate, toolId: slot.toolId },
      after: null,
    });
  });
}

/** The member's calendar: the coming issues with how full they are, their own slots (the sent ones with clicks). */
export async function slotCalendar(user: User, now: Date): Promise<SlotCalendar> {
  requirePremium(user);
  const dates = nextIssueDates(now, CALENDAR_WEEKS);
  const [booked, mine, ownTools] = await Promise.all([
    db
      .select({ issueDate: newsletterSlots.issueDate, n: count() })
      .from(newsletterSlots)
      .where(and(gte(newsletterSlots.issueDate, dates[0]), lte(newsletterSlots.issueDate, dates.at(-1)!)))
      .groupBy(newsletterSlots.issueDate),
    db
      .select({ slot: newsletterSlots, toolName: tools.name, toolSlug: tools.slug })
      .from(newsletterSlots)
      .innerJoin(tools, eq(tools.id, newsletterSlots.toolId))
      .where(eq(newsletterSlots.userId, user.id))
      .orderBy(desc(newsletterSlots.issueDate), asc(newsletterSlots.id)),
    db
      .select({ id: tools.id, name: tools.name, slug: tools.slug })
      .from(tools)
      .where(and(eq(tools.submittedById, user.id), eq(tools.status, PUBLIC_TOOL_STATUS)))
      .orderBy(asc(tools.name)),
  ]);
  const bookedBy = new Map(booked.map((b) => [b.issueDate, b.n]));
  const usedIn = (issueDate: string) => {
    const { first, last } = quarterOf(issueDate);
    return mine.filter(({ slot }) => slot.issueDate >= first && slot.issueDate <= last).length;
  };
  return {
    plan: user.premiumPlan,
    allowance: allowanceOf(user),
    perIssue: SLOTS_PER_ISSUE,
    issues: dates.map((issueDate) => {
      const n = bookedBy.get(issueDate) ?? 0;
      return {
        issueDate,
        sendsAt: issueSendTime(issueDate),
        locksAt: slotLockTime(issueDate),
        booked: n,
        full: n >= SLOTS_PER_ISSUE,
        locked: slotLockTime(issueDate) <= now,
        quarterUsed: usedIn(issueDate),
      };
    }),
    slots: mine.map((row) => slotView(row, now)),
    tools: ownTools,
  };
}

/**
 * A reader followed a featured slot's link: counts it once per visitor per day (`firstVisit` says whether this one is
 * new) and answers the tool page to send them to; null for no such slot.
 */
export async function followFeaturedLink(slotId: number, firstVisit: () => Promise<boolean>): Promise<string | null> {
  const [row] = await db
    .select({ slug: tools.slug })
    .from(newsletterSlots)
    .innerJoin(tools, eq(tools.id, newsletterSlots.toolId))
    .where(eq(newsletterSlots.id, slotId));
  if (!row) return null;
  if (await firstVisit()) {
    await db
      .update(newsletterSlots)
      .set({ clicks: sql`${newsletterSlots.clicks} + 1` })
      .where(eq(newsletterSlots.id, slotId));
  }
  return `${config.siteUrl}/tool/${row.slug}`;
}
