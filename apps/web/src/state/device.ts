import { THEMES, type Language, type Theme } from '@scorecast/rules';

// What this device last showed a player: the login screen keeps it after a logout and a reload.
const DEVICE_THEME = 'theme';
const DEVICE_LANGUAGE = 'language';

/** The theme this device last showed, else the system's. */
export const deviceTheme = (): Theme => THEMES.find((theme) => theme === localStorage.getItem(DEVICE_THEME)) ?? 'Default';

/** The language this device last showed (a player's, or one chosen on the login screen), else the browser's. */
export function deviceLanguage(): Language {
  const kept = localStorage.getItem(DEVICE_LANGUAGE);
  if (kept === 'de' || kept === 'en') return kept;
  return navigator.language.startsWith('de') ? 'de' : 'en';
}

export function keepDeviceTheme(theme: Theme): void {
  localStorage.setItem(DEVICE_THEME, theme);
}

export function keepDeviceLanguage(language: Language): void {
  localStorage.setItem(DEVICE_LANGUAGE, language);
}
