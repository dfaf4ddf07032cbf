import type { ReactNode } from 'react';
import type { Language, Theme } from '@scorecast/rules';
import { darkTheme, lightTheme, systemTheme } from './themes.css';

const classOf = { Default: systemTheme, Light: lightTheme, Dark: darkTheme } satisfies Record<Theme, string>;

/** The class that applies a user's theme setting to a subtree. */
export function themeClassOf(theme: Theme): string {
  return classOf[theme];
}

export type ThemeRootProps = { theme: Theme; lang: Language; children: ReactNode };

/** Wraps a screen in the user's theme and language (lang lets screen readers pronounce it). */
export function ThemeRoot({ theme, lang, children }: ThemeRootProps) {
  return (
    <div className={themeClassOf(theme)} lang={lang} style={{ minHeight: '100%' }}>
      {children}
    </div>
  );
}
