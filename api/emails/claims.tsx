import { Text } from '@react-email/text';
import { SITE_NAME } from '../../lib/constants';
import { longDate } from '../../lib/format';
import { Code, EmailLayout, Greeting, paragraph, Quote, siteLink } from './layout';

// The e-mails of claiming a listing (docs/decisions/0099): the code to an address on the tool's domain, and what the
// owner is told when the claim is verified, its proof fails a re-check, its yearly confirmation is due, it lapses, or
// the tool's address moves.

const claimScreen = (slug: string) => siteLink(`/claim?tool=${encodeURIComponent(slug)}`);

/** To the address on the tool's domain: the code, and whom it is for. */
export function ClaimCodeEmail({ toolName, code }: { toolName: string; code: string }) {
  return (
    <EmailLayout
      preview={`Your code to claim ${toolName}: ${code}`}
      heading={`Your code to claim ${toolName}`}
      reason={`a member of ${SITE_NAME} entered this address to prove they own ${toolName}`}
      action={{ label: 'Open the claim page', href: siteLink('/claim') }}
    >
      <Greeting firstName={null} />
      <Text style={paragraph}>Enter this code on the claim page to confirm that {toolName} is yours:</Text>
      <Code code={code} />
      <Text style={paragraph}>
        It works once, for 10 minutes. If you did not ask for it, ignore this e-mail: nobody becomes an owner of{' '}
        {toolName} without the code.
      </Text>
    </EmailLayout>
  );
}

export function ClaimVerifiedEmail({
  firstName,
  toolName,
  slug,
  how,
}: {
  firstName: string | null;
  toolName: string;
  slug: string;
  how: string;
}) {
  return (
    <EmailLayout
      preview={`You are a verified owner of ${toolName}`}
      heading={`You are a verified owner of ${toolName}`}
      reason={`you claimed ${toolName} on ${SITE_NAME}`}
      action={{ label: `See ${toolName}`, href: siteLink(`/tool/${slug}`) }}
    >
      <Greeting firstName={firstName} />
      <Text style={paragraph}>
        Your proof ({how}) checked out: the page of {toolName} now says it has a verified owner. Verification never
        changes a tool's score or its place in the directory.
      </Text>
      <Text style={paragraph}>
        Keep the proof in place: we check it again every 30 days (an owner proved by e-mail confirms with a new code
        once a year).
      </Text>
    </EmailLayout>
  );
}

export function ClaimFailingEmail({
  firstName,
  toolName,
  slug,
  found,
  graceUntil,
}: {
  firstName: string | null;
  toolName: string;
  slug: string;
  found: string;
  graceUntil: Date;
}) {
  return (
    <EmailLayout
      preview={`Your proof of owning ${toolName} could not be found`}
      heading={`Your proof of owning ${toolName} could not be found`}
      reason={`you are a verified owner of ${toolName} on ${SITE_NAME}`}
      action={{ label: 'Open the claim page', href: claimScreen(slug) }}
    >
      <Greeting firstName={firstName} />
      <Text style={paragraph}>Our regular check of your proof found this:</Text>
      <Quote text={found} />
      <Text style={paragraph}>
        Put the proof back before {longDate(graceUntil)} and press Check now on the claim page, or your claim lapses and
        the verified mark leaves the page of {toolName}.
      </Text>
    </EmailLayout>
  );
}

export function ClaimConfirmDueEmail({
  firstName,
  toolName,
  slug,
  address,
  graceUntil,
}: {
  firstName: string | null;
  toolName: string;
  slug: string;
  address: string | null;
  graceUntil: Date;
}) {
  return (
    <EmailLayout
      preview={`Confirm that you still own ${toolName}`}
      heading={`Confirm that you still own ${toolName}`}
      reason={`you are a verified owner of ${toolName} on ${SITE_NAME}`}
      action={{ label: 'Confirm on the claim page', href: claimScreen(slug) }}
    >
      <Greeting firstName={firstName} />
      <Text style={paragraph}>
        A year ago you proved {toolName} is yours with a code sent to {address ?? 'an address on its domain'}. Once a
        year we ask again: on the claim page, send a new code to an address on the tool's domain and enter it before{' '}
        {longDate(graceUntil)}. Otherwise your claim lapses and the verified mark leaves the page.
      </Text>
    </EmailLayout>
  );
}

export function ClaimLapsedEmail({
  firstName,
  toolName,
  slug,
  reason,
}: {
  firstName: string | null;
  toolName: string;
  slug: string;
  reason: string;
}) {
  return (
    <EmailLayout
      preview={`Your claim of ${toolName} has lapsed`}
      heading={`Your claim of ${toolName} has lapsed`}
      reason={`you were a verified owner of ${toolName} on ${SITE_NAME}`}
      action={{ label: 'Claim it again', href: claimScreen(slug) }}
    >
      <Greeting firstName={firstName} />
      <Text style={paragraph}>
        We could not confirm your ownership within the 14 days of grace, so the verified mark has left the page of{' '}
        {toolName}. The last check said:
      </Text>
      <Quote text={reason} />
      <Text style={paragraph}>You can prove it again at any time from the claim page.</Text>
    </EmailLayout>
  );
}

export function ClaimSuspendedEmail({
  firstName,
  toolName,
  slug,
  domain,
}: {
  firstName: string | null;
  toolName: string;
  slug: string;
  domain: string;
}) {
  return (
    <EmailLayout
      preview={`${toolName} moved to ${domain}: prove it again`}
      heading={`${toolName} moved to ${domain}`}
      reason={`you were a verified owner of ${toolName} on ${SITE_NAME}`}
      action={{ label: 'Prove the new domain', href: claimScreen(slug) }}
    >
      <Greeting firstName={firstName} />
      <Text style={paragraph}>
        The address of {toolName} in the directory now points to {domain}, which your proof did not cover. Your claim is
        suspended, and the verified mark has left the page, until you prove the new domain from the claim page.
      </Text>
    </EmailLayout>
  );
}
