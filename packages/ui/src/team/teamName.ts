import type { TFunction } from 'i18next';
import { placeholderOf } from '@scorecast/rules';

/** The home nations have no ISO 3166-1 code of their own, so their names come from the locales. */
const HOME_NATIONS = ['gb-eng', 'gb-sct', 'gb-wls', 'gb-nir'] as const;

const displayNamesOf = new Map<string, Intl.DisplayNames>();

/**
 * A team's name in the reader's language.
 * @example teamName('es', 'de', t) // 'Spanien'
 * @example teamName('gb-sct', 'en', t) // 'Scotland'
 */
export function teamName(team: string, language: string, t: TFunction): string {
  if ((HOME_NATIONS as readonly string[]).includes(team)) return t(`team.${team}`);
  // A knockout team not known yet reads as the draw names it: 'Winner Group A', 'Loser match 101'.
  const placeholder = placeholderOf(team);
  if (placeholder?.kind === 'group') {
    const key = placeholder.position === 1 ? 'groupWinner' : placeholder.position === 2 ? 'groupRunnerUp' : 'groupThird';
    return t(`team.placeholder.${key}`, { group: placeholder.groups.join('/'), groups: placeholder.groups.join('/') });
  }
  if (placeholder) return t(`team.placeholder.${placeholder.kind === 'winner' ? 'matchWinner' : 'matchLoser'}`, { match: placeholder.match });
  // Football's own name where it differs from the country's ('DR Congo', not 'Congo - Kinshasa');
  // every locale lists the same teams, so no English name stands in a German list.
  const footballName = t(`team.names.${team}`, { defaultValue: '' });
  if (footballName) return footballName;
  let names = displayNamesOf.get(language);
  if (!names) {
    names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
    displayNamesOf.set(language, names);
  }
  try {
    return names.of(team.toUpperCase()) ?? team;
  } catch {
    return team;
  }
}
