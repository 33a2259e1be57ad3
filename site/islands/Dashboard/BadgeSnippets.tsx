// The owner's badge snippets (HTML, Markdown) with previews. Placeholder: filled by the badge work.
export default function BadgeSnippets() {
  return null;
}
