import type { ReactNode } from 'react';
import { visuallyHidden } from '../../styles/controls.css';

/**
 * A page's main heading that only screen readers read, for a page whose look needs none (the
 * schedule): they navigate by it, and the focus goes to it when what held it is gone.
 */
export function HiddenHeading({ children }: { children: ReactNode }) {
  return <h1 className={visuallyHidden}>{children}</h1>;
}
