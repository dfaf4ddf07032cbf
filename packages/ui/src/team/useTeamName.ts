import { useTranslation } from 'react-i18next';
import { teamNamer } from '@scorecast/rules';

// Every row of a schedule names teams: one namer (and so one country-name lookup) per i18next
// instance and language serves them all, instead of one per component.
const namers = new WeakMap<object, Map<string, (team: string) => string>>();

/** Names teams in the current ui language. */
export function useTeamName(): (team: string) => string {
  const { i18n } = useTranslation();
  const language = i18n.language;
  // The store is the instance's own (useTranslation hands each component a wrapper of the instance).
  let byLanguage = namers.get(i18n.store);
  if (!byLanguage) namers.set(i18n.store, (byLanguage = new Map<string, (team: string) => string>()));
  let namer = byLanguage.get(language);
  if (!namer) byLanguage.set(language, (namer = teamNamer(language, i18n.getFixedT(language))));
  return namer;
}
