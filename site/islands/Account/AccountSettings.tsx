// The account settings page: one section per concern, each loading and saving its own part of the account.
import { useEffect } from 'react';
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

export default function AccountSettings() {
  const { data: user, loading } = useUser();

  useEffect(() => {
    if (loading || user) return;
    const timer = redirectToLogin();
    return () => clearTimeout(timer);
  }, [user, loading]);

  if (!user) return <PageSpinner />;
  return (
    <section className="max-w-3xl mx-auto px-4 py-8 space-y-6">
      <h1 className="text-3xl font-bold">Account Settings</h1>
      <ProfileSection user={user} />
      <EmailSection user={user} />
      <PasswordSection user={user} />
      <TwoFactorSection user={user} />
      <SessionsSection user={user} />
      <DataSection user={user} />
      <CloseSection user={user} />
    </section>
  );
}
