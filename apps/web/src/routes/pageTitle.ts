/** The locale key naming each page in the browser's tab and history (and to screen readers as the page changes). */
const TITLE_KEYS: Readonly<Record<string, string>> = {
  '/': 'menu.schedule',
  '/ranking': 'menu.ranking',
  '/settings': 'menu.settings',
  '/settings/change-password': 'password.title',
  '/group/create': 'groupForm.createTitle',
  '/login': 'login.title.login',
  '/login/register': 'login.title.register',
  '/login/password': 'login.title.resetRequest',
  '/login/password/reset': 'login.title.reset',
};

/**
 * The locale key of a page's title, by its path; undefined for a path that is no page.
 * @example pageTitleKey('/group/Xy3…') // 'groupForm.editTitle'
 */
export function pageTitleKey(pathname: string): string | undefined {
  return TITLE_KEYS[pathname] ?? (pathname.startsWith('/group/') ? 'groupForm.editTitle' : undefined);
}
