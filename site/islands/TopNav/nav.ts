// The top navigation's behaviour: signed-in state from the shared $user store, the avatar menu, the mobile menu, sign out.
import { displayName, initials } from '../../../lib/format';
import { canOpenAdmin } from '../../../lib/permissions';
import { $user, signOut, type CurrentUser } from '../../stores/user';

type NavState = 'loading' | 'in' | 'out';

function render(header: HTMLElement, state: NavState, user: CurrentUser | null): void {
  header.dataset.state = state;
  for (const el of header.querySelectorAll<HTMLElement>('[data-when]')) el.hidden = el.dataset.when !== state;
  if (!user) return;
  const flags: Record<string, boolean> = { admin: canOpenAdmin(user), premium: user.isPremium, free: !user.isPremium };
  for (const el of header.querySelectorAll<HTMLElement>('[data-if]')) {
    if (!flags[el.dataset.if ?? '']) el.hidden = true;
    else if (!el.dataset.when) el.hidden = false;
  }
  for (const el of header.querySelectorAll('[data-user-name]')) el.textContent = displayName(user);
  // A long address is cut with an ellipsis (never broken mid-word); the whole of it shows on hover.
  for (const el of header.querySelectorAll<HTMLElement>('[data-user-email]')) {
    el.textContent = user.email;
    el.title = user.email;
  }
  for (const el of header.querySelectorAll('[data-user-initials]')) el.textContent = initials(user);
  const avatar = header.querySelector<HTMLElement>('[data-user-avatar]');
  if (avatar) {
    let picture = avatar.querySelector('img');
    if (user.profileImageUrl) {
      picture ??= avatar.insertBefore(
        Object.assign(document.createElement('img'), { alt: '', className: 'w-9 h-9 object-cover' }),
        avatar.firstChild,
      );
      picture.src = user.profileImageUrl;
    } else picture?.remove();
    avatar.querySelector('[data-user-initials]')?.toggleAttribute('hidden', Boolean(user.profileImageUrl));
  }
}

/** A button that shows and hides a panel, closed by Escape, by a click elsewhere, or by leaving it with Tab. */
function disclosure(
  button: HTMLElement,
  panel: HTMLElement,
  container: HTMLElement,
  onToggle?: (open: boolean) => void,
): (open: boolean) => void {
  const set = (open: boolean) => {
    panel.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
    onToggle?.(open);
  };
  button.addEventListener('click', () => set(panel.hidden !== false));
  container.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && !panel.hidden) {
      set(false);
      button.focus();
    }
  });
  document.addEventListener('click', (e) => {
    if (!panel.hidden && !container.contains(e.target as Node)) set(false);
  });
  return set;
}

export function enhanceTopNav(header: HTMLElement): void {
  const hinted = document.documentElement.dataset.auth === 'in';
  $user.subscribe(({ data, loading }) => {
    if (data) render(header, 'in', data);
    else if (loading || (data === undefined && hinted)) render(header, 'loading', null);
    else render(header, 'out', null);
  });

  const menu = header.querySelector<HTMLElement>('[data-menu]');
  const menuButton = header.querySelector<HTMLElement>('[data-menu-button]');
  const menuList = header.querySelector<HTMLElement>('[data-menu-list]');
  if (menu && menuButton && menuList) {
    const setMenu = disclosure(menuButton, menuList, menu);
    menu.addEventListener('focusout', (e) => {
      if (!menu.contains(e.relatedTarget as Node | null)) setMenu(false);
    });
  }

  const toggle = header.querySelector<HTMLElement>('[data-mobile-toggle]');
  const mobile = header.querySelector<HTMLElement>('[data-mobile-menu]');
  if (toggle && mobile) {
    const setMobile = disclosure(toggle, mobile, header, (open) => {
      toggle.setAttribute('aria-label', open ? 'Close menu' : 'Open menu');
    });
    for (const link of mobile.querySelectorAll('[data-close-menu]'))
      link.addEventListener('click', () => setMobile(false));
  }

  for (const button of header.querySelectorAll('[data-sign-out]'))
    button.addEventListener('click', () => void signOut());
}
