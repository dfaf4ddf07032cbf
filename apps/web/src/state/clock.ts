import { useEffect, useState } from 'react';
import { serverNow } from './session.atoms';

/** The server's time, refreshed every `everyMs` (the countdown needs every second). */
export function useServerNow(everyMs: number): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
