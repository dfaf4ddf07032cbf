import { useCallback, useRef } from 'react';
import { useBlocker } from '@tanstack/react-router';

/**
 * What is open over a page (the phone's score picker, the groups sidebar) closes on the browser's
 * Back, as Android's Back closes what is open, and the page stays. Returns what to tell when it
 * opens (with a way to close it) and when it closes (undefined).
 */
export function useCloseOnBack(): (close: (() => void) | undefined) => void {
  const open = useRef<(() => void) | undefined>(undefined);
  useBlocker({
    shouldBlockFn: ({ action }) => {
      const close = open.current;
      if (action !== 'BACK' || !close) return false;
      close();
      return true;
    },
    enableBeforeUnload: false,
  });
  return useCallback((close) => {
    open.current = close;
  }, []);
}
