// Sends a scheduled digest issue when its time comes (docs/decisions/0107): a poll a minute, run only by the holder of
// the worker lease (api/singletons.ts); the work itself is digest-send.ts's sendDueIssues, a plain function of `now`.
import { log } from '../log';
import { sendDueIssues } from './digest-send';

const POLL_EVERY_MS = 60_000;

export function startDigestScheduler(): () => void {
  let running = false;
  const tick = async () => {
    // A long send outlasts a minute: the next poll waits for it rather than enqueueing beside it.
    if (running) return;
    running = true;
    try {
      await sendDueIssues(new Date());
    } catch (error) {
      log.error({ err: error }, 'digest send pass failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), POLL_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
