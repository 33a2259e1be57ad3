// A Premium member's benefits on the dashboard (docs/decisions/0110): the featured slots calendar, and their account
// manager by first name with a direct message form (the message is answered first, as priority support).
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { RESPONSE_BUSINESS_DAYS } from '../../../lib/contact';
import { ENGAGE_MSG } from '../../../lib/engagement-messages';
import { MAX_CONTACT_MESSAGE } from '../../../lib/schemas';
import { $accountManager, $slotCalendar, messageManager } from '../../stores/premium-benefits';
import { attempt } from './premium-feedback';
import SlotCalendar from './SlotCalendar';

function AccountManager({ firstName }: { firstName: string }) {
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  async function send(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    if (await attempt(() => messageManager(message), ENGAGE_MSG.managerMessageSent, ENGAGE_MSG.managerMessageFailed))
      setMessage('');
    setBusy(false);
  }
  return (
    <form onSubmit={(e) => void send(e)} data-testid="account-manager">
      <h3 className="font-semibold">Your account manager: {firstName}</h3>
      <p className="text-sm text-base-content/80 mt-1">
        Write to {firstName} directly. Your message goes to them first and is answered within {RESPONSE_BUSINESS_DAYS}{' '}
        business days; the reply comes to your e-mail address.
      </p>
      <label className="form-control mt-2">
        <span className="sr-only">Message to {firstName}</span>
        <textarea
          className="textarea textarea-bordered w-full"
          rows={3}
          value={message}
          maxLength={MAX_CONTACT_MESSAGE}
          required
          onChange={(e) => setMessage(e.target.value)}
        />
      </label>
      <button type="submit" className="btn btn-primary btn-sm mt-2" disabled={busy}>
        Send to {firstName}
      </button>
    </form>
  );
}

export default function PremiumBenefits() {
  const { data: calendar } = useStore($slotCalendar);
  const { data: manager } = useStore($accountManager);
  if (!calendar && !manager) return null;
  return (
    <section className="card bg-base-100 border border-base-200 mt-8" aria-label="Premium benefits">
      <div className="card-body gap-6">
        {calendar && <SlotCalendar calendar={calendar} />}
        {manager?.manager ? (
          <AccountManager firstName={manager.manager.firstName} />
        ) : (
          manager && (
            <p className="text-sm text-base-content/80" data-testid="account-manager">
              {calendar?.plan === 'monthly'
                ? 'A dedicated account manager comes with the Annual plan. Your messages from the contact page are answered first.'
                : 'Your account manager is being chosen; until then, messages from the contact page are answered first.'}
            </p>
          )
        )}
      </div>
    </section>
  );
}
