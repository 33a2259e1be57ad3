// The admin Newsletter tab: the weekly digest drafted from the data, the intro, preview, a test to me, schedule. Placeholder: filled by the digest work.
export default function NewsletterTab() {
  return null;
}
