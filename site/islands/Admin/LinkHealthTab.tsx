// The admin Link Health tab (docs/decisions/0102): tools by link state with their last checks. Placeholder: filled by the link-health work.
export default function LinkHealthTab() {
  return <p className="text-base-content/80">No link checks yet.</p>;
}
