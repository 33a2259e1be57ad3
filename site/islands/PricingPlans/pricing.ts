// The pricing page's buttons for the visitor's state: signed out, signed in, or already premium.
import { $user } from '../../stores/user';

type State = 'out' | 'in' | 'premium';

export function enhancePricing(): void {
  $user.subscribe(({ data }) => {
    const state: State = data ? (data.isPremium ? 'premium' : 'in') : 'out';
    for (const el of document.querySelectorAll<HTMLElement>('[data-pricing] [data-when]')) el.hidden = el.dataset.when !== state;
  });
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-pricing] button[data-plan]')) {
    button.addEventListener('click', () => console.info('Plan selected', button.dataset.plan));
  }
}
