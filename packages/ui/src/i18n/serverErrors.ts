import type { TFunction } from 'i18next';

/**
 * The text of a name error the server's live check answered: its codes ('groupNameTaken',
 * 'playerNameTaken', 'tooLong'...) have texts in the locales; anything else is shown as sent.
 * @example serverNameError(t, 'playerNameTaken') // 'This name is already taken in the group.'
 */
export function serverNameError(t: TFunction, code: string): string {
  return t(`validation.${code}`, { defaultValue: code });
}
