import { Text } from '@react-email/text';
import { SITE_NAME } from '../../lib/constants';
import { FOLLOW_CONFIRM_DAYS } from '../../lib/newsletter';
import { EmailLayout, paragraph } from './layout';

/**
 * A follow asked for an address that is already subscribed (docs/decisions/0112): the link to the page whose button
 * confirms it. Nothing changes until it is pressed.
 */
export function FollowConfirmEmail({ name, link }: { name: string; link: string }) {
  return (
    <EmailLayout
      preview={`Confirm: follow ${name} on ${SITE_NAME}`}
      heading={`Follow ${name}?`}
      reason={`this address was entered in the follow form of ${SITE_NAME}`}
      action={{ label: `Follow ${name}`, href: link }}
    >
      <Text style={paragraph}>
        Someone, hopefully you, asked for news of {name} to be sent to this address: re-reviews, score and price
        changes, and the like. Open the link below and press the button on the page to confirm. Nothing changes until
        you do.
      </Text>
      <Text style={paragraph}>
        The link works for {FOLLOW_CONFIRM_DAYS} days. If it was not you, ignore this e-mail: what you receive from us
        stays as it is.
      </Text>
    </EmailLayout>
  );
}
