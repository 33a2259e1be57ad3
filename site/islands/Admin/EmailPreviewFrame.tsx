// An e-mail as its reader sees it, in the admin panel (the outbox, the digest's preview). The frame runs no script
// (sandboxed; only its origin is the panel's, so the panel can reach its document). Its srcdoc inherits the panel's
// CSP, which blocks the style attributes every e-mail is styled with, so they are carried as data-style and applied as
// CSSOM once it loads, which the policy allows: the preview shows the e-mail's own colours, sizes and hidden preview
// text, and the console no violation.

/** The e-mail with its style attributes renamed: React's renderer escapes quotes in text, so only attributes match. */
const withDataStyles = (html: string) => html.replace(/\sstyle="/g, ' data-style="');

/** Applies each element's carried style through CSSOM. */
function applyStyles(frame: HTMLIFrameElement): void {
  const doc = frame.contentDocument;
  if (!doc) return;
  for (const element of doc.querySelectorAll<HTMLElement>('[data-style]')) {
    element.style.cssText = element.dataset.style ?? '';
  }
}

export function EmailPreviewFrame({
  title,
  html,
  className,
  testId,
}: {
  title: string;
  html: string;
  className: string;
  testId?: string;
}) {
  return (
    <iframe
      title={title}
      sandbox="allow-same-origin"
      srcDoc={withDataStyles(html)}
      className={className}
      data-testid={testId}
      onLoad={(event) => applyStyles(event.currentTarget)}
    />
  );
}
