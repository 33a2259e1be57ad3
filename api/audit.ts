// The audit log: who did what to which entity, with before/after, written in the transaction of the change.
import type { Executor } from '../db/client';
import { auditLog } from '../db/schema';

type AuditEntityType =
  | 'tool'
  | 'change_request'
  | 'user'
  | 'blog_post'
  | 'tool_owner'
  | 'report'
  | 'newsletter_issue'
  | 'newsletter_slot'
  | 'feature_flag';

type AuditAction =
  | 'tool.approve'
  | 'tool.reject'
  | 'tool.slug'
  | 'tool.edit'
  | 'tool.resubmit'
  | 'tool.update'
  | 'tool.premium'
  | 'tool.unlist'
  | 'tool.list'
  | 'tool.review'
  | 'tool.alternatives'
  | 'tool.change-request-applied'
  | 'change-request.approve'
  | 'change-request.reject'
  | 'user.update'
  // Accounts (issue 26, docs/decisions/0092): the member's own changes, and the admin's reset e-mail.
  | 'account.password-reset-sent'
  | 'account.password-reset'
  | 'account.password-change'
  | 'account.email-verified'
  | 'account.email-change-requested'
  | 'account.email-change'
  | 'account.profile'
  | 'account.sign-out-device'
  | 'account.sign-out-others'
  | 'account.two-factor-enable'
  | 'account.two-factor-disable'
  | 'account.recovery-codes'
  | 'account.recovery-code-used'
  | 'account.data-download'
  | 'account.close'
  | 'account.restore'
  | 'account.delete'
  // Keeping listings true (docs/decisions/0098): claims, reader reports, link health, discontinued tools, the queue.
  | 'claim.start'
  | 'claim.verify'
  | 'claim.lapse'
  | 'claim.suspend'
  | 'claim.revoke'
  | 'report.acknowledge'
  | 'report.resolve'
  | 'report.merge'
  | 'link.recheck'
  | 'link.ignore-blocked'
  | 'tool.discontinue'
  | 'tool.revive'
  | 'tool.request-changes'
  // Bringing people back (docs/decisions/0105): the digest, featured slots, early access, account managers.
  | 'newsletter.schedule'
  | 'newsletter.unschedule'
  | 'newsletter.send'
  | 'slot.book'
  | 'slot.move'
  | 'slot.cancel'
  | 'flag.set'
  | 'user.account-manager'
  | 'blog.create'
  | 'blog.update';

interface AuditEntry {
  actorId: number | null;
  action: AuditAction;
  entityType: AuditEntityType;
  entityId: number;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** Writes one audit row; pass the transaction of the change so both land or neither does. */
export async function recordAudit(tx: Executor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values(entry);
}

function same(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) {
    return a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : false;
  }
  if (typeof a === 'object' || typeof b === 'object') return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  return (a ?? null) === (b ?? null);
}

/**
 * The fields of `next` whose value differs from `current`, as a before/after pair for the audit log
 * (unchanged fields are left out, so a row says exactly what an action changed).
 */
export function changedFields<T extends object>(
  current: T,
  next: Partial<T>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const key of Object.keys(next) as (keyof T & string)[]) {
    const value = next[key];
    if (value === undefined || same(current[key], value)) continue;
    before[key] = current[key] ?? null;
    after[key] = value;
  }
  return { before, after };
}
