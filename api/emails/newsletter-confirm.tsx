import { Text } from '@react-email/text';
import { SITE_NAME } from '../../lib/constants';
import { FORGET_UNCONFIRMED_DAYS } from '../../lib/newsletter';
import { EmailLayout, paragraph } from './layout';

/** Double opt-in (docs/decisions/0106): the link to the page whose button confirms the subscription. */
export function NewsletterConfirmEmail({ link }: { link: string }) {
  return (
    <EmailLayout
      preview={`Confirm your subscription to ${SITE_NAME}`}
      heading="Confirm your subscription"
      reason={`this address was entered in the newsletter form of ${SITE_NAME}`}
      action={{ label: 'Confirm my subscription', href: link }}
    >
      <Text style={paragraph}>
        Someone, hopefully you, asked to receive the {SITE_NAME} weekly digest at this address. Open the link below and
        press the button on the page to confirm. Nothing is sent to you until you do.
      </Text>
      <Text style={paragraph}>
        The link works for {FORGET_UNCONFIRMED_DAYS} days; after that this address is forgotten. If it was not you,
        ignore this e-mail and you will hear nothing more from us.
      </Text>
    </EmailLayout>
  );
}
