import { useTranslation } from 'react-i18next';
import type { ChampionStatus } from '@scorecast/rules';
import { useTeamName } from '../../team/useTeamName';
import * as styles from './RaceLine.css';

export type RaceLineProps = {
  /** The own player's race (rules' raceOf). */
  maxPoints: number;
  bestRank: number;
  out: boolean;
  /** The own champion pick and where it stands, when there is one. */
  champion?: { team: string; status: ChampionStatus } | undefined;
};

/** The own player's race on the dashboard: what is still reachable, or out of the race; the champion pick's fate. */
export function RaceLine({ maxPoints, bestRank, out, champion }: RaceLineProps) {
  const { t } = useTranslation();
  const teamName = useTeamName();
  return (
    <section className={`${styles.line} ${out ? styles.out : ''}`} aria-label={t('race.standing.title')} data-out={out || undefined}>
      <p className={styles.text}>{out ? t('race.own.out', { max: maxPoints }) : t('race.own.inRace', { max: maxPoints, rank: bestRank })}</p>
      {champion && <p className={styles.text}>{t('race.own.champion', { team: teamName(champion.team), status: t(`race.champion.${champion.status}`) })}</p>}
    </section>
  );
}
