import teamsDe from './locales/teams.de.json';
import teamsEn from './locales/teams.en.json';
import { placeholderOf } from './placeholders.js';
import type { Language } from './types.js';

/**
 * Looks a text up by its key, filling in `{{values}}` (i18next's `t` is one). Returns the
 * `defaultValue` option when the key has no text.
 * @example
 * const t: Translate = (key, options) => String(options['defaultValue'] ?? key);
 * t('team.names.cd', { defaultValue: '' }) // => ''
 */
export type Translate = (key: string, options: Record<string, unknown>) => string;

/**
 * The texts of team names in a language, to load under the key `team` of an i18next resource (the
 * app's and the server's, so both name teams alike): football's own names where they differ from
 * the country's (`names`), the home nations, and the knockout placeholders. A fresh copy each call.
 * @example
 * teamTexts('de')['gb-sct'] // => 'Schottland'
 * teamTexts('en').names['cd'] // => 'DR Congo'
 */
export function teamTexts(language: Language): TeamTexts {
  return structuredClone(language === 'de' ? teamsDe : teamsEn);
}

/**
 * The team name texts of one language (see {@link teamTexts}).
 * @example
 * const texts: TeamTexts = teamTexts('en');
 * texts.placeholder.matchLoser // => 'Loser match\u00a0{{match}}'
 */
export type TeamTexts = {
  /** Football's own names by team id, where they differ from the country's ('DR Congo'). */
  names: Record<string, string>;
  'gb-eng': string;
  'gb-sct': string;
  'gb-wls': string;
  'gb-nir': string;
  /** Knockout teams not known yet, with `{{group}}`, `{{groups}}` or `{{match}}`. */
  placeholder: { groupWinner: string; groupRunnerUp: string; groupThird: string; matchWinner: string; matchLoser: string };
};

/** The home nations have no ISO 3166-1 code of their own, so their names come from the texts. */
const HOME_NATIONS = ['gb-eng', 'gb-sct', 'gb-wls', 'gb-nir'];

/**
 * A team's name in the reader's language: a home nation's or football's own name ('DR Congo') from
 * the {@link teamTexts} that `t` reads, a knockout placeholder as the draw names it ('Winner group
 * A'), else the country's name of its ISO code.
 * @example
 * const texts = teamTexts('de');
 * const t: Translate = (key, options) => {
 *   const text = key.split('.').slice(1).reduce<unknown>((at, part) => (at as Record<string, unknown> | undefined)?.[part], texts);
 *   return typeof text === 'string' ? text.replace(/{{(\w+)}}/g, (_, name: string) => String(options[name])) : String(options['defaultValue'] ?? key);
 * };
 * teamName('es', 'de', t) // => 'Spanien'
 * teamName('gb-sct', 'de', t) // => 'Schottland'
 * teamName('cd', 'de', t) // => 'DR Kongo'
 * teamName('1A', 'de', t) // => 'Sieger Gruppe\u00a0A'
 * teamName('L101', 'de', t) // => 'Verlierer Spiel\u00a0101'
 */
export function teamName(team: string, language: string, t: Translate): string {
  return teamNamer(language, t)(team);
}

/**
 * {@link teamName} for many teams of one language: the country names are looked up through one
 * `Intl.DisplayNames`, made at the first team that needs it, instead of one per team.
 * @example
 * const texts = teamTexts('en');
 * const t: Translate = (key, options) => {
 *   const text = key.split('.').slice(1).reduce<unknown>((at, part) => (at as Record<string, unknown> | undefined)?.[part], texts);
 *   return typeof text === 'string' ? text : String(options['defaultValue'] ?? key);
 * };
 * const name = teamNamer('en', t);
 * [name('es'), name('gb-sct'), name('cd')] // => ['Spain', 'Scotland', 'DR Congo']
 */
export function teamNamer(language: string, t: Translate): (team: string) => string {
  let countries: Intl.DisplayNames | undefined;
  return (team) => {
    if (HOME_NATIONS.includes(team)) return t(`team.${team}`, {});
    const placeholder = placeholderOf(team);
    if (placeholder?.kind === 'group') {
      const key = placeholder.position === 1 ? 'groupWinner' : placeholder.position === 2 ? 'groupRunnerUp' : 'groupThird';
      // A word joiner after each slash: "A/B/C/D/F" broke after a slash on a phone.
      const groups = placeholder.groups.join('/\u2060');
      return t(`team.placeholder.${key}`, { group: groups, groups });
    }
    if (placeholder) return t(`team.placeholder.${placeholder.kind === 'winner' ? 'matchWinner' : 'matchLoser'}`, { match: placeholder.match });
    // Every language lists the same teams under `names`, so no English name stands in a German list.
    const footballName = t(`team.names.${team}`, { defaultValue: '' });
    if (footballName) return footballName;
    try {
      countries ??= new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
      return countries.of(team.toUpperCase()) ?? team;
    } catch {
      return team;
    }
  };
}
