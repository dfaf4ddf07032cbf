import { useEffect, useRef } from 'react';

/**
 * Tells the app while something over the page is open (the phone's picker, the groups sidebar),
 * with a way to close it, and `undefined` once it closes: the app closes it on the browser's Back.
 */
export function useOpenTold(open: boolean, tell: ((close: (() => void) | undefined) => void) | undefined, close: () => void): void {
  const told = useRef({ tell, close });
  told.current = { tell, close };
  useEffect(() => {
    if (!open) return;
    told.current.tell?.(() => told.current.close());
    return () => told.current.tell?.(undefined);
  }, [open]);
}
