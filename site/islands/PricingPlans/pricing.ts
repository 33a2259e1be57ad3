// The pricing page's buttons for the visitor's state: signed out a plan leads to sign in, signed in it starts Checkout
// for that plan, and a member sees 'Current Plan' and a way to manage the subscription.
import type { Plan } from '../../../lib/contract';
import { openPortal, startCheckout } from '../../stores/premium';
import { $user } from '../../stores/user';

type State = 'out' | 'in' | 'premium';

const PENDING_LABEL = 'Processing...';

/** Runs `action` with `button` reading 'Processing...' and every other pricing button disabled until it fails. */
async function whilePending(button: HTMLButtonElement, action: () => Promise<boolean>): Promise<void> {
  const buttons = [
    ...document.querySelectorAll<HTMLButtonElement>(
      '[data-pricing] button[data-plan], [data-pricing] button[data-manage]',
    ),
  ];
  const label = button.textContent;
  for (const b of buttons) b.disabled = true;
  button.textContent = PENDING_LABEL;
  // On success the browser leaves (or reloads): the buttons stay disabled until then.
  if (await action()) return;
  for (const b of buttons) b.disabled = false;
  button.textContent = label;
}

export function enhancePricing(): void {
  $user.subscribe(({ data }) => {
    const state: State = data ? (data.isPremium ? 'premium' : 'in') : 'out';
    for (const el of document.querySelectorAll<HTMLElement>('[data-pricing] [data-when]'))
      el.hidden = el.dataset.when !== state;
  });
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-pricing] button[data-plan]')) {
    button.addEventListener('click', () => void whilePending(button, () => startCheckout(button.dataset.plan as Plan)));
  }
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-pricing] button[data-manage]')) {
    button.addEventListener('click', () => void whilePending(button, openPortal));
  }
}
