const underWay = new Map<string, Promise<unknown>>();

/**
 * Runs `run` unless a run of the same `what` is under way, and then answers with that one: a double
 * click sends one request, not a second one the server refuses after the first went through (a
 * group created twice, an account deleted and then "failed to delete").
 */
export function oneAtATime<T>(what: string, run: () => Promise<T>): Promise<T> {
  const running = underWay.get(what) as Promise<T> | undefined;
  if (running) return running;
  const started = run().finally(() => underWay.delete(what));
  underWay.set(what, started);
  return started;
}
