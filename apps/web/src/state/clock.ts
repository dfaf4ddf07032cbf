import { useEffect, useRef, useState } from 'react';
import { useAtomValue, useStore } from 'jotai';
import { clockOffsetAtom, serverNow } from './session.atoms';

// setTimeout fires at once for delays beyond about 24.8 days.
const LONGEST_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * The server's time, refreshed every `everyMs` and, when `nextChangeAfter` names one, exactly at
 * the next moment that changes the page (a kickoff locks its prediction at that instant).
 */
export function useServerNow(everyMs: number, nextChangeAfter?: (now: number) => number | undefined): number {
  const store = useStore();
  const [now, setNow] = useState(() => serverNow(store));
  // A moved server clock shows at once (the first value already read it: no second render on opening).
  const offset = useAtomValue(clockOffsetAtom);
  const shownOffset = useRef(offset);
  useEffect(() => {
    if (shownOffset.current === offset) return;
    shownOffset.current = offset;
    setNow(serverNow(store));
  }, [store, offset]);
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow(store)), everyMs);
    return () => clearInterval(timer);
  }, [store, everyMs]);
  const wake = nextChangeAfter?.(now);
  useEffect(() => {
    const delay = wake === undefined ? undefined : wake - serverNow(store);
    if (delay === undefined || delay > LONGEST_TIMEOUT_MS) return;
    const timer = setTimeout(() => setNow(serverNow(store)), Math.max(0, delay) + 20);
    return () => clearTimeout(timer);
  }, [store, wake, offset]);
  return now;
}
