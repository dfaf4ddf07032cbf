import { useEffect, type RefObject } from 'react';
import { pageHeading } from './pageHeading';

/** What Tab stops at. */
const TABBABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
/** Marks a box that keeps the focus; of several open at once, the last in the page holds it. */
const KEEPER = 'data-keeps-focus';

export type FocusKeptOptions = {
  /** What takes the focus on opening (default: the box's first field or button, else the box). */
  initial?: RefObject<HTMLElement | null>;
  /** Gives the focus back itself on closing, when it was lost with the box (default: to what had it before opening). */
  giveBack?: () => void;
};

/**
 * Keeps the keyboard in a modal box while it is shown: the focus moves in on opening, Tab and
 * Shift+Tab go round its controls instead of into the page behind it, and on closing the focus goes
 * back to where it was (it fell to the page's body with the box: keyboard and screen-reader users
 * started again from the top).
 */
export function useFocusKept(box: RefObject<HTMLElement | null>, options: FocusKeptOptions = {}): void {
  const { initial, giveBack } = options;
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const focused = document.activeElement;
    const opener = focused instanceof HTMLElement && focused !== document.body ? focused : undefined;
    element.setAttribute(KEEPER, '');
    (initial?.current ?? element.querySelector<HTMLElement>('input, button:not([disabled])') ?? element).focus();

    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || event.defaultPrevented) return;
      const keepers = document.querySelectorAll(`[${KEEPER}]`);
      if (keepers[keepers.length - 1] !== element) return;
      const stops = [...element.querySelectorAll<HTMLElement>(TABBABLE)];
      const first = stops[0];
      const last = stops[stops.length - 1];
      const inside = element.contains(document.activeElement);
      if (!first || !last) {
        event.preventDefault();
        element.focus();
      } else if (event.shiftKey && (!inside || document.activeElement === first || document.activeElement === element)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (!inside || document.activeElement === last)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      element.removeAttribute(KEEPER);
      // Only focus that went with the box is given back: a control the player moved to meanwhile keeps it.
      const focused = document.activeElement;
      if (focused && focused !== document.body && !element.contains(focused)) return;
      if (giveBack) return giveBack();
      // What opened it may be gone (the form it sat in was replaced) or disabled: the page's heading then.
      const target = opener?.isConnected && !opener.matches(':disabled') ? opener : pageHeading();
      target?.focus({ preventScroll: true });
    };
    // Opened once: the options are read when the box opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
