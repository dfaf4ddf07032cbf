import { useEffect, useRef } from 'react';
import { pageHeading } from './pageHeading';

/** How long a page that loads its code or data may take to show its heading. */
const HEADING_WAIT_MS = 5000;

/**
 * Moves the focus to the heading of each new page (not the first: there the browser starts at the
 * top): a followed link left it on the menu, or on nothing once the link was gone, and keyboard and
 * screen-reader players were not told which page had opened. `page` names the page shown (its path).
 * A page still loading is waited for, as is the old page's heading leaving; a control the player or
 * the page focused meanwhile keeps the focus.
 */
export function useHeadingOnNewPage(page: string): void {
  const shown = useRef(page);
  useEffect(() => {
    if (shown.current === page) return;
    shown.current = page;
    const from = document.activeElement;
    let focused: HTMLElement | undefined;
    const focusHeading = () => {
      const active = document.activeElement;
      const free = !active || active === document.body || active === from || active === focused;
      const heading = pageHeading();
      if (!free || !heading || heading === active) return;
      focused = heading;
      heading.focus({ preventScroll: true });
    };
    focusHeading();
    const observer = new MutationObserver(focusHeading);
    observer.observe(document.body, { childList: true, subtree: true });
    const timer = setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [page]);
}
