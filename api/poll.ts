// Background work on a timer (the singletons of api/singletons.ts): `run` every `everyMs`, one run at a time (a run
// that outlasts the interval makes the next tick wait for it, never run beside it), its failure logged and the next
// tick tried as usual. `runNow`: the first run at once, not after the first interval. The timer does not keep the
// process alive; the answer stops it.
import { log } from './log';

export function startPoll(
  everyMs: number,
  failure: string,
  run: () => Promise<unknown>,
  { runNow = false } = {},
): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await run();
    } catch (error) {
      log.error({ err: error }, failure);
    } finally {
      running = false;
    }
  };
  if (runNow) void tick();
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
