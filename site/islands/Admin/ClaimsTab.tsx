// The admin Claims tab (docs/decisions/0099): every claim of a listing, with revoke. Placeholder: filled by the verified-owners work.
export default function ClaimsTab() {
  return <p className="text-base-content/80">No claims yet.</p>;
}
