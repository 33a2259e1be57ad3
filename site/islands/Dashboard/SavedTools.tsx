// "Saved tools" on the dashboard. Placeholder: filled by the follow work.
export default function SavedTools() {
  return null;
}
