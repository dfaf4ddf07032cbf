import { useTranslation } from 'react-i18next';
import { teamName } from '@scorecast/rules';

/** Names teams in the current ui language. */
export function useTeamName(): (team: string) => string {
  const { t, i18n } = useTranslation();
  return (team) => teamName(team, i18n.language, t);
}
