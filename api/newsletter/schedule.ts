// Sends a scheduled digest issue when its time comes (docs/decisions/0107): a poll a minute, run only by the holder of
// the worker lease (api/singletons.ts); the work itself is digest-send.ts's sendDueIssues, a plain function of `now`.
import { startPoll } from '../poll';
import { sendDueIssues } from './digest-send';

const POLL_EVERY_MS = 60_000;

/** A long send outlasts a minute: the next poll waits for it rather than enqueueing beside it. */
export function startDigestScheduler(): () => void {
  return startPoll(POLL_EVERY_MS, 'digest send pass failed', () => sendDueIssues(new Date()));
}
