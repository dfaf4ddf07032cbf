import { useSyncExternalStore } from 'react';

/** Spec section 9: screens narrower than 1000 px get the phone behaviours. */
const SMALL_SCREEN = '(max-width: 999.98px)';

// One query for every component that asks: a schedule's hundred rows read it at once.
let query: MediaQueryList | undefined;
const smallScreenQuery = () => (query ??= window.matchMedia(SMALL_SCREEN));

const subscribe = (onChange: () => void) => {
  const list = smallScreenQuery();
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
};

/** Whether the screen is narrower than 1000 px, following resizes. */
export function useSmallScreen(): boolean {
  return useSyncExternalStore(subscribe, () => smallScreenQuery().matches, () => false);
}
