import { MOCK_UPGRADE_RELOAD_MS } from '../../lib/constants';
import { api, apiUrl, type Answer } from '../../lib/api-client';
import type { Plan } from '../../lib/contract';
import { logError, serverMessage } from '../../lib/http';
import { TOAST } from '../../lib/messages';
import { showToast } from './toast';
import { createFetcherStore, premiumKey, sentToLogin } from './user';

export type Membership = Answer<'GET /api/premium/subscription'>;

/** The upgrade failure's text (SPEC.md section 8): a permissions problem is the payment system's configuration. */
function upgradeErrorText(error: unknown): string {
  const message = serverMessage(error);
  if (/permission/i.test(message)) return TOAST.upgradeNeedsConfiguration;
  return message || TOAST.upgradeFailedFallback;
}

/**
 * Starts Checkout for `plan` (POST /api/premium/upgrade) and leaves for it. In development mode the account is upgraded
 * at once (mock=true): the toast, then this page again after MOCK_UPGRADE_RELOAD_MS. Resolves false when it failed
 * (the caller's button is usable again), true while the browser is on its way.
 */
export async function startCheckout(plan: Plan): Promise<boolean> {
  try {
    const { checkoutUrl } = await api('POST /api/premium/upgrade', { body: { plan } });
    if (checkoutUrl.includes('mock=true')) {
      // The reload fetches the user afresh. Invalidating it now would read as signed out for a moment, and a page that
      // sends signed-out visitors to log in would replace this toast with its own.
      showToast({ ...TOAST.upgradeMockSuccess, variant: 'success' }, { next: window.location.href });
      setTimeout(() => window.location.reload(), MOCK_UPGRADE_RELOAD_MS);
    } else {
      window.location.assign(checkoutUrl);
    }
    return true;
  } catch (error) {
    logError(error);
    if (!sentToLogin(error))
      showToast({ title: TOAST.upgradeFailed, description: upgradeErrorText(error), variant: 'destructive' });
    return false;
  }
}

/** Opens where the membership is managed: Stripe's Billing Portal, or in development mode the local billing page. */
export async function openPortal(): Promise<boolean> {
  try {
    const { portalUrl } = await api('POST /api/premium/portal');
    window.location.assign(portalUrl);
    return true;
  } catch (error) {
    logError(error);
    if (!sentToLogin(error))
      showToast({ title: TOAST.portalFailed, description: serverMessage(error), variant: 'destructive' });
    return false;
  }
}

/**
 * Development mode's cancel (the local billing page): ends Premium at once, as Stripe's customer.subscription.deleted
 * does. The user is not forgotten here: the dashboard the caller goes to fetches it afresh, and invalidating it now
 * would show the billing page signed out for a moment.
 */
export async function cancelDevMembership(): Promise<void> {
  await api('POST /api/premium/dev/cancel');
}

const MEMBERSHIP_KEY = apiUrl('GET /api/premium/subscription');

/** The member's membership; no call for a visitor or a free user. */
export const $membership = createFetcherStore<Membership>([premiumKey(MEMBERSHIP_KEY)]);
