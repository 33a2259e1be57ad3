// A Premium member's featured slots calendar and their account manager. Placeholder: filled by the Premium benefits work.
export default function PremiumBenefits() {
  return null;
}
