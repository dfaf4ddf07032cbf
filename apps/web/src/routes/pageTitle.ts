import type { TFunction } from 'i18next';

/** The locale key naming each page in the browser's tab and history (and to screen readers as the page changes). */
const TITLE_KEYS: Readonly<Record<string, string>> = {
  '/': 'menu.schedule',
  '/ranking': 'menu.ranking',
  '/settings': 'menu.settings',
  '/settings/change-password': 'password.title',
  '/group/create': 'groupForm.createTitle',
};

/**
 * The locale key of a page's title, by its path; null for the login screen, which names its mode
 * itself (a mailed link's query picks it, and it changes in place); undefined for no page.
 * @example pageTitleKey('/group/Xy3…') // 'groupForm.editTitle'
 */
export function pageTitleKey(pathname: string): string | null | undefined {
  if (pathname === '/login' || pathname.startsWith('/login/')) return null;
  return TITLE_KEYS[pathname] ?? (pathname.startsWith('/group/') ? 'groupForm.editTitle' : undefined);
}

/** A page's title as the tab shows it: the page, then the product. */
export function pageTitle(t: TFunction, key: string | undefined): string {
  return key ? `${t(key)} · ${t('app.name')}` : t('app.name');
}
