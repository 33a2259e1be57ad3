// The admin Premium tab: early-access flags, account managers, featured slots. Placeholder: filled by the Premium benefits work.
export default function PremiumTab() {
  return null;
}
