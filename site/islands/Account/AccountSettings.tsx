// The account settings page: one card per concern, each loading and saving its own part of the account, in the order
// a member looks for them, with a nav to the cards (built from the cards shown, so a section that renders nothing has
// no link).
import { useCallback, useEffect, useState } from 'react';
import { redirectToLogin } from '../../stores/user';
import { useUser } from '../../stores/use-user';
import { PageSpinner } from '../../components/PageSpinner';
import { ProfileSection } from './ProfileSection';
import { EmailSection } from './EmailSection';
import { PasswordSection } from './PasswordSection';
import { TwoFactorSection } from './TwoFactorSection';
import { SessionsSection } from './SessionsSection';
import { DataSection } from './DataSection';
import { CloseSection } from './CloseSection';

interface NavEntry {
  id: string;
  title: string;
}

/** The cards (SettingsCard) inside `root`, in page order. */
function cardsIn(root: HTMLElement): NavEntry[] {
  return [...root.querySelectorAll<HTMLElement>('[data-settings-section]')].map((card) => ({
    id: card.id,
    title: card.querySelector('h2')?.textContent ?? card.id,
  }));
}

function SectionNav({ entries }: { entries: NavEntry[] }) {
  if (entries.length < 2) return null;
  return (
    <nav aria-label="Account settings sections" className="lg:sticky lg:top-24 lg:self-start">
      <ul className="menu menu-horizontal lg:menu-vertical flex-nowrap overflow-x-auto w-full bg-base-200/60 rounded-box p-1 gap-1">
        {entries.map((e) => (
          <li key={e.id}>
            <a href={`#${e.id}`} className="whitespace-nowrap">
              {e.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default function AccountSettings() {
  const { data: user, loading } = useUser();
  const [entries, setEntries] = useState<NavEntry[]>([]);

  useEffect(() => {
    if (loading || user) return;
    const timer = redirectToLogin();
    return () => clearTimeout(timer);
  }, [user, loading]);

  // The cards' container, once shown: its cards are read now and whenever a section shows its card later (once its own
  // call answered). React 19 calls the returned cleanup when the container goes.
  const cards = useCallback((root: HTMLDivElement | null) => {
    if (!root) return;
    const read = () => setEntries(cardsIn(root));
    read();
    const observer = new MutationObserver(read);
    observer.observe(root, { childList: true });
    return () => observer.disconnect();
  }, []);

  if (!user) return <PageSpinner />;
  return (
    <section className="max-w-5xl mx-auto px-4 py-8">
      <h1 className="text-3xl font-bold mb-6">Account Settings</h1>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[12rem_minmax(0,1fr)]">
        <SectionNav entries={entries} />
        <div ref={cards} className="space-y-6 min-w-0 lg:col-start-2">
          <ProfileSection user={user} />
          <EmailSection user={user} />
          <PasswordSection user={user} />
          <TwoFactorSection user={user} />
          <SessionsSection user={user} />
          <DataSection user={user} />
          <CloseSection user={user} />
        </div>
      </div>
    </section>
  );
}
