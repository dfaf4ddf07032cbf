import { useSyncExternalStore } from 'react';

/** Spec section 9: screens narrower than 1000 px get the phone behaviours. */
const SMALL_SCREEN = '(max-width: 999.98px)';

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(SMALL_SCREEN);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/** Whether the screen is narrower than 1000 px, following resizes. */
export function useSmallScreen(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(SMALL_SCREEN).matches, () => false);
}
