// The tool dialog's audit history: each recorded action on the tool, who and when, and what it changed (before → after).
import type { AuditRow, Json } from '../../../../lib/contract';
import { dateTime } from '../parts';

const ACTION_LABELS: Record<string, string> = {
  'tool.approve': 'Approved',
  'tool.reject': 'Rejected',
  'tool.slug': 'Address given to a public tool of the same name',
  'tool.edit': 'Edited by the submitter',
  'tool.resubmit': 'Resubmitted',
  'tool.update': 'Edited',
  'tool.premium': 'Premium changed',
  'tool.unlist': 'Unlisted',
  'tool.list': 'Listed again',
  'tool.review': 'Follow-up review',
  'tool.change-request-applied': "Owner's changes applied",
  'change-request.approve': 'Change request approved',
  'change-request.reject': 'Change request rejected',
};

const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  url: 'URL',
  description: 'Description',
  tags: 'Tags',
  curatorTake: "Curator's take",
  qualityScore: 'Quality score',
  isPremium: 'Premium',
  screenshots: 'Screenshots',
  videoUrl: 'Demo video',
  pricingModel: 'Pricing',
  targetAudience: 'Best for',
  status: 'Status',
  unlistReason: 'Unlist reason',
  rejectionReason: 'Rejection reason',
  reason: 'Reason',
  slug: 'Slug',
};

const CLIP = 80;

function valueText(value: unknown): string {
  if (value == null || value === '' || (Array.isArray(value) && value.length === 0)) return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  const text = typeof value === 'string' ? value : Array.isArray(value) ? value.join(', ') : JSON.stringify(value);
  return text.length > CLIP ? `${text.slice(0, CLIP)}…` : text;
}

/** 'qualityScore: 6 → 8' for each field the action changed. */
function auditChanges(row: Json<AuditRow>): string[] {
  const after = row.after ?? {};
  const before = row.before ?? {};
  return Object.keys(after)
    .filter((key) => key !== 'reviewId' && key !== 'changeRequestId')
    .map((key) => {
      const label = FIELD_LABELS[key] ?? key;
      return key in before
        ? `${label}: ${valueText(before[key])} → ${valueText(after[key])}`
        : `${label}: ${valueText(after[key])}`;
    });
}

interface AuditHistoryProps {
  toolId: number;
  /** The tool's audit rows; null until the history call has answered. */
  audit: Json<AuditRow>[] | null;
  loading: boolean;
  error: unknown;
}

export default function AuditHistory({ toolId, audit, loading, error }: AuditHistoryProps) {
  return (
    <section aria-labelledby={`audit-${toolId}`}>
      <h4 id={`audit-${toolId}`} className="font-semibold mb-3">
        Audit History
      </h4>
      {audit ? (
        audit.length ? (
          <ol className="flex flex-col gap-2 text-sm" data-testid="audit-list">
            {audit.map((row) => (
              <li key={row.id} className="border-l-2 border-base-300 pl-3">
                <div>
                  <span className="font-medium">{ACTION_LABELS[row.action] ?? row.action}</span>
                  <span className="text-base-content/70">
                    {' '}
                    {row.actorName ? `by ${row.actorName}, ` : ''}
                    {dateTime(row.createdAt)}
                  </span>
                </div>
                {auditChanges(row).map((line) => (
                  <div key={line} className="text-xs text-base-content/70 break-words">
                    {line}
                  </div>
                ))}
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-base-content/70">No recorded actions.</p>
        )
      ) : error && !loading ? (
        <p className="text-sm text-error-text">The history could not be loaded.</p>
      ) : (
        <span className="loading loading-dots loading-sm" role="status" aria-label="Loading history" />
      )}
    </section>
  );
}
