/** The first wait before something out of reach is tried again; each later wait is twice as long, up to a minute. */
export const RETRY_FIRST_MS = 3_000;
const RETRY_MAX_MS = 60_000;

/**
 * Tries `attempt` after a wait, again and again, waiting twice as long each time, until it says it
 * succeeded or the returned stop is called: a page out of reach comes back by itself, and many
 * pages waiting for one server do not all ask it every few seconds.
 */
export function retryWithBackoff(attempt: () => Promise<boolean>): () => void {
  let wait = RETRY_FIRST_MS;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    timer = setTimeout(() => {
      void attempt().then(
        (done) => {
          if (done || stopped) return;
          wait = Math.min(wait * 2, RETRY_MAX_MS);
          schedule();
        },
        () => !stopped && schedule(),
      );
    }, wait);
  };
  schedule();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
