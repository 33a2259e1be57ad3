// The Settings tab's "API Keys" card: whether e-mail, payments and Google sign-in run against their providers or in
// development mode, with the outbox's counts.
import type { ReactNode } from 'react';
import type { AdminSettings } from '../../../stores/admin';

const OUTBOX_LABELS: Record<string, string> = {
  dev: 'kept in the outbox',
  pending: 'waiting to send',
  sent: 'sent',
  failed: 'failed',
};

function ModeBadge({
  configured,
  on = 'Configured',
  off = 'Development mode',
}: {
  configured: boolean;
  on?: string;
  off?: string;
}) {
  return configured ? (
    <span className="badge badge-success whitespace-nowrap shrink-0">{on}</span>
  ) : (
    <span className="badge badge-warning whitespace-nowrap shrink-0">{off}</span>
  );
}

function Row({ label, children, badge }: { label: string; children: ReactNode; badge: ReactNode }) {
  return (
    <li className="flex items-start justify-between gap-3 py-3" data-testid="settings-row">
      <div className="min-w-0">
        <div className="font-medium">{label}</div>
        <div className="text-sm text-base-content/70 break-words">{children}</div>
      </div>
      {badge}
    </li>
  );
}

function outboxText(outbox: Record<string, number>): string {
  const parts = Object.entries(outbox)
    .filter(([, n]) => n > 0)
    .map(([status, n]) => `${n} ${OUTBOX_LABELS[status] ?? status}`);
  return parts.length ? `E-mails: ${parts.join(', ')}.` : 'No e-mails yet.';
}

export default function Services({ settings }: { settings: AdminSettings }) {
  const { email, payments, google, adminTwoFactor } = settings;
  return (
    <ul className="divide-y divide-base-200">
      <Row label="E-mail (Resend)" badge={<ModeBadge configured={email.configured} />}>
        {email.configured
          ? `Sent through Resend${email.from ? ` from ${email.from}` : ''}.`
          : 'No API key: e-mails are kept in the outbox table, not sent.'}{' '}
        {outboxText(email.outbox)}
      </Row>
      <Row label="Payments (Stripe)" badge={<ModeBadge configured={payments.configured} />}>
        {payments.configured
          ? `Stripe Checkout is live${!payments.webhook ? '; the webhook secret is missing, so payments are not confirmed' : ''}.`
          : 'No API key: upgrades complete at once as mock checkouts.'}
      </Row>
      <Row label="Google sign-in" badge={<ModeBadge configured={google.configured} off="Not configured" />}>
        {google.configured ? 'Visitors can sign in with Google.' : 'Only e-mail and password sign-in is offered.'}
      </Row>
      <Row
        label="Two-factor for administrators"
        badge={<ModeBadge configured={adminTwoFactor.required} on="Required" off="Optional" />}
      >
        {adminTwoFactor.required
          ? 'Administrator accounts must turn on two-factor sign-in before they can use the admin panel.'
          : 'Administrators may turn on two-factor sign-in; set REQUIRE_ADMIN_TWO_FACTOR=1 to require it.'}
      </Row>
    </ul>
  );
}
