// The admin Reports tab (docs/decisions/0101): reader reports grouped by tool. Placeholder: filled by the reader-reports work.
export default function ReportsTab() {
  return <p className="text-base-content/80">No reports yet.</p>;
}
