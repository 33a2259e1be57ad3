// The claim screen, /claim?tool={slug} (docs/decisions/0099): a signed-in member proves a listed tool is theirs by one
// of four methods, and sees each of their claims with what it asks of them next. Signed out: to sign in and back here.
// An address not verified yet: said, with the way to verify it; the API refuses the calls all the same.
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { ACCOUNT_MSG } from '../../../lib/account-messages';
import { FORM_ACTIONS } from '../../../lib/form-pages';
import { MSG } from '../../../lib/messages';
import { PageSpinner } from '../../components/PageSpinner';
import { $accountEmail } from '../../stores/account-email';
import { redirectToLogin } from '../../stores/user';
import { useUser } from '../../stores/use-user';
import { ClaimTool } from './ClaimTool';
import { MyClaims } from './MyClaims';

/** The tool the address names (?tool=), read once the page runs in the browser. */
function useToolParam(): string | null | undefined {
  const [slug, setSlug] = useState<string | null>();
  useEffect(() => setSlug(new URLSearchParams(window.location.search).get('tool')), []);
  return slug;
}

function VerifyFirst() {
  return (
    <div role="alert" className="alert alert-warning" data-testid="claim-verify-first">
      <p>
        <span className="font-semibold">{ACCOUNT_MSG.emailNotVerified}</span> {MSG.emailVerificationRequired}
      </p>
      <div className="flex flex-wrap gap-2">
        <a className="btn btn-sm" href={FORM_ACTIONS.verifyEmail}>
          Enter the code
        </a>
        <a className="btn btn-sm btn-ghost" href="/account#email">
          Account settings
        </a>
      </div>
    </div>
  );
}

export default function ClaimScreen() {
  const { data: user, loading } = useUser();
  const { data: email } = useStore($accountEmail);
  const slug = useToolParam();

  useEffect(() => {
    if (loading || user) return;
    const timer = redirectToLogin();
    return () => clearTimeout(timer);
  }, [user, loading]);

  if (!user || !email || slug === undefined) return <PageSpinner />;
  return (
    <section className="max-w-3xl mx-auto px-4 py-8 space-y-6">
      <div>
        <h1 className="text-3xl font-bold">Claim a listing</h1>
        <p className="mt-2 text-base-content/80">
          Prove that a tool in the directory is yours, and its page says it has a verified owner. Verification never
          changes a tool's score or its place in the directory.
        </p>
      </div>
      {!email.verified ? <VerifyFirst /> : slug ? <ClaimTool slug={slug} /> : null}
      <MyClaims />
    </section>
  );
}
