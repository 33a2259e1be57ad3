// Retry-After (RFC 9110 10.2.3) as milliseconds: delay-seconds or an HTTP date; undefined when absent or unreadable.
// Pure: the e-mail sender reads Resend's, the link check a site's.
export function retryAfterMs(value: string | null | undefined, now = Date.now()): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  const seconds = Number(text);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
