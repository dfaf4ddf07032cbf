import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { teamNamer } from '@scorecast/rules';

/** Names teams in the current ui language (one country-name lookup per language, kept while it is the same). */
export function useTeamName(): (team: string) => string {
  const { t, i18n } = useTranslation();
  return useMemo(() => teamNamer(i18n.language, t), [i18n.language, t]);
}
