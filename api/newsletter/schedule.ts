// Sends a scheduled digest issue when its time comes, through the outbox and Resend's batch API. Placeholder: filled by the digest work.

export function startDigestScheduler(): () => void {
  return () => {};
}
