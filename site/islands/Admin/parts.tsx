// Small pieces the admin tabs share: category badge, admin stars, the closed-owner badge, list states and date-time text.
import { useEffect, type ReactNode } from 'react';
import { categoryBadgeClass } from '../../../lib/categories';
import { adminStars, shortDate, tagLabel } from '../../../lib/format';
import { TOAST } from '../../../lib/messages';
import type { ClosedOwnerTool } from '../../stores/admin';
import { sentToLogin } from '../../stores/user';
import { serverMessage } from './feedback';

/** Outline buttons with readable text: daisyUI's coloured outlines are too pale on white for WCAG AA. */
export const DANGER_OUTLINE = 'btn bg-base-100 border-red-300 text-red-700 hover:bg-red-50 hover:border-red-400';
export const SUCCESS_OUTLINE =
  'btn bg-base-100 border-emerald-300 text-emerald-800 hover:bg-emerald-50 hover:border-emerald-400';

/** The first tag as a badge coloured by its category. */
export function CategoryBadge({ tag }: { tag: string | undefined }) {
  if (!tag) return <span className="text-base-content/60 text-sm">—</span>;
  return (
    <span className={`badge badge-sm border-0 font-medium whitespace-nowrap ${categoryBadgeClass(tag)}`}>
      {tagLabel(tag)}
    </span>
  );
}

/**
 * "Owner account closed" on a tool whose submitter closed the account (the tool stays listed without their name); the
 * title says when, and whether the personal data is gone yet (docs/decisions/0097).
 */
export function ClosedOwnerBadge({ owner }: { owner: ClosedOwnerTool }) {
  const when = `Closed ${shortDate(owner.closedAt)}${owner.deleted ? '; personal data deleted' : ''}`;
  return (
    <span className="badge badge-ghost badge-sm whitespace-nowrap" title={when} data-testid="closed-owner-badge">
      Owner account closed
    </span>
  );
}

/** Admin stars: the score halved and rounded down, out of 5. */
export function AdminStars({ score }: { score: number | null }) {
  const lit = adminStars(score);
  return (
    <span className="inline-flex gap-0.5" role="img" aria-label={`${lit} of 5 stars`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <svg
          key={n}
          viewBox="0 0 20 20"
          className={`w-3.5 h-3.5 ${n <= lit ? 'fill-amber-400' : 'fill-base-300'}`}
          aria-hidden="true"
        >
          <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
        </svg>
      ))}
    </span>
  );
}

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex justify-center py-12">
      <span className="loading loading-spinner loading-lg text-primary" role="status" aria-label={label} />
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="text-center text-base-content/70 py-12">{children}</p>;
}

function LoadError({ error }: { error: unknown }) {
  // A session that ended while the panel was open: say so (and why, for a blocked account) and go to log in, as the actions do.
  useEffect(() => {
    sentToLogin(error, TOAST.adminUnauthorized);
  }, [error]);
  return (
    <div role="alert" className="alert alert-error alert-soft my-6">
      <span>Could not load this list: {serverMessage(error) || 'unknown error'}</span>
    </div>
  );
}

/** The fetch states every tab goes through before it has rows to show. */
export function ListState<T>({
  data,
  loading,
  error,
  children,
}: {
  data: T | undefined;
  loading: boolean;
  error: unknown;
  children: (data: T) => ReactNode;
}) {
  if (data !== undefined) return <>{children(data)}</>;
  if (error && !loading) return <LoadError error={error} />;
  return <Spinner />;
}

/** '1/5/2026, 3:04 PM' in the reader's time zone, for history rows. */
export function dateTime(value: string | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

/** Only web addresses become links: a stored value is never run as script. */
export function safeHref(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** A table head for the panel's lists; the last column (Actions) aligns right. */
export function TableHead({ columns }: { columns: readonly string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column, i) => (
          <th key={column} scope="col" className={i === columns.length - 1 ? 'text-right' : undefined}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
