/**
 * Runs `task` every `interval` real ms, one run at a time (a tick while a run is under way is
 * skipped); a failed run goes to `onError` and the next tick tries again. The returned function
 * stops it once the run under way has ended.
 */
export function everyInterval(interval: number, task: () => Promise<unknown>, onError: (error: unknown) => void): () => Promise<void> {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = task()
      .catch(onError)
      .finally(() => (running = undefined));
  }, interval);
  // A timer alone keeps no process alive: the server's listener does.
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
