import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { canPickChampion, isCompetitionFinished, type Game } from '@scorecast/rules';
import { useTeamName } from '../../team/useTeamName';
import { card, heading, muted, textInput } from '../../styles/controls.css';
import { TeamFlag } from '../TeamFlag/TeamFlag';
import * as styles from './ChampionPicker.css';

export type ChampionPickerProps = {
  /** Teams of the tournament (ids). */
  teams: readonly string[];
  /** The viewer's champion pick. */
  pick: string | undefined;
  /** The year's games and the server's time decide whether the pick can still change. */
  games: readonly Game[];
  now: Date | string | number;
  winnerPoints: number;
  onPick: (team: string) => void;
};

/** The champion prediction block at the top of the dashboard. */
export function ChampionPicker({ teams, pick, games, now, winnerPoints, onPick }: ChampionPickerProps) {
  const { t, i18n } = useTranslation();
  const nameOf = useTeamName();
  const selectId = useId();
  const open = canPickChampion(games, now);
  // Each team named once and one collator for the whole list: the block re-renders with the clock.
  const sorted = useMemo(() => {
    const collator = new Intl.Collator(i18n.language);
    return teams
      .map((team) => ({ team, name: nameOf(team) }))
      .sort((a, b) => collator.compare(a.name, b.name));
  }, [teams, nameOf, i18n.language]);
  return (
    <section className={`${card} ${styles.block}`} aria-labelledby={selectId + '-title'}>
      <h2 id={selectId + '-title'} className={heading}>
        {t('champion.title')}
      </h2>
      <div className={styles.pick}>
        {pick && <TeamFlag team={pick} decorative />}
        <select id={selectId} className={`${textInput} ${styles.select}`} aria-label={t('champion.label')} value={pick ?? ''} disabled={!open} onChange={(event) => onPick(event.target.value)}>
          {!pick && <option value="">{t('champion.none')}</option>}
          {sorted.map(({ team, name }) => (
            <option key={team} value={team}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <p className={muted}>{open ? t('champion.points', { count: winnerPoints }) : t(isCompetitionFinished(games) ? 'champion.over' : 'champion.locked')}</p>
    </section>
  );
}
