import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { clockOffsetAtom, serverNow } from './session.atoms';

// setTimeout fires at once for delays beyond about 24.8 days.
const LONGEST_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * The server's time, refreshed every `everyMs` and, when `nextChangeAfter` names one, exactly at
 * the next moment that changes the page (a kickoff locks its prediction at that instant).
 */
export function useServerNow(everyMs: number, nextChangeAfter?: (now: number) => number | undefined): number {
  const [now, setNow] = useState(serverNow);
  // A moved server clock shows at once.
  const offset = useAtomValue(clockOffsetAtom);
  useEffect(() => setNow(serverNow()), [offset]);
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  const wake = nextChangeAfter?.(now);
  useEffect(() => {
    const delay = wake === undefined ? undefined : wake - serverNow();
    if (delay === undefined || delay > LONGEST_TIMEOUT_MS) return;
    const timer = setTimeout(() => setNow(serverNow()), Math.max(0, delay) + 20);
    return () => clearTimeout(timer);
  }, [wake, offset]);
  return now;
}
