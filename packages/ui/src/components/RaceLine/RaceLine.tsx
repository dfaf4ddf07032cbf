import { useTranslation } from 'react-i18next';
import type { ChampionStatus } from '@scorecast/rules';
import { useTeamName } from '../../team/useTeamName';
import * as styles from './RaceLine.css';

export type RaceLineProps = {
  /** The own player's race (rules' raceOf). */
  maxPoints: number;
  bestRank: number;
  out: boolean;
  /** Every game is finished: the points and rank are final. */
  over?: boolean;
  /** The own champion pick and where it stands, when there is one. */
  champion?: { team: string; status: ChampionStatus } | undefined;
};

/** The own player's race on the dashboard: what is still reachable, out of the race, or the final standing; the champion pick's fate. */
export function RaceLine({ maxPoints, bestRank, out, over = false, champion }: RaceLineProps) {
  const { t } = useTranslation();
  const teamName = useTeamName();
  return (
    <section className={`${styles.line} ${out && !over ? styles.out : ''}`} aria-label={t('race.standing.title')} data-out={(out && !over) || undefined}>
      <p className={styles.text}>
        {over ? t('race.own.over', { count: maxPoints, rank: bestRank }) : out ? t('race.own.out', { max: maxPoints }) : t('race.own.inRace', { max: maxPoints, rank: bestRank })}
      </p>
      {champion && <p className={styles.text}>{t('race.own.champion', { team: teamName(champion.team), status: t(`race.champion.${champion.status}`) })}</p>}
    </section>
  );
}
