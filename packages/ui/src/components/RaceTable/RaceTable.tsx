import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChampionStatus } from '@scorecast/rules';
import { visuallyHidden } from '../../styles/controls.css';
import { useTeamName } from '../../team/useTeamName';
import * as styles from './RaceTable.css';

/** One player in the race for first place (rules' raceOf and matchdayWins). */
export type RaceRow = {
  login: string;
  name: string;
  points: number;
  /** The most points still possible. */
  maxPoints: number;
  /** The best rank still reachable. */
  bestRank: number;
  /** No outcome lets this player reach first place. */
  out: boolean;
  matchdayWins: number;
  /** The champion pick and where it stands; absent when none or still hidden. */
  champion?: { team: string; status: ChampionStatus } | undefined;
};

export type RaceTableProps = {
  /** Players in ranking order. */
  rows: readonly RaceRow[];
  ownLogin: string;
};

/** Who can still win: points, the most still possible, the best rank still reachable, matchday wins and the champion pick's fate. */
export function RaceTable({ rows, ownLogin }: RaceTableProps) {
  const { t } = useTranslation();
  const teamName = useTeamName();
  const titleId = useId();
  const championOf = (champion: NonNullable<RaceRow['champion']>) => (
    <>
      {teamName(champion.team)} <span className={styles.champion[champion.status]}>({t(`race.champion.${champion.status}`)})</span>
    </>
  );
  return (
    // The landmark is the table's scroller, which Tab stops at: one region, named by the heading.
    <section className={styles.block}>
      <h2 id={titleId} className={styles.title}>
        {t('race.standing.title')}
      </h2>
      {rows.length === 0 ? (
        <p className={styles.muted}>{t('race.standing.empty')}</p>
      ) : (
        // Focusable so a keyboard can scroll it sideways on a phone; named, as a stop of its own (its
        // table has no caption: the heading and this region say it already).
        <div className={styles.scroller} tabIndex={0} role="region" aria-labelledby={titleId}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col" className={styles.cell}>
                  {t('race.standing.name')}
                </th>
                <th scope="col" className={styles.heading}>
                  {t('race.standing.points')}
                </th>
                <th scope="col" className={styles.heading}>
                  {t('race.standing.maxPoints')}
                </th>
                <th scope="col" className={styles.heading}>
                  {t('race.standing.bestRank')}
                </th>
                <th scope="col" className={`${styles.heading} ${styles.wideOnly}`}>
                  {t('race.standing.wins')}
                </th>
                <th scope="col" className={`${styles.cell} ${styles.wideOnly}`}>
                  {t('race.standing.champion')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.login} className={`${row.login === ownLogin ? styles.own : ''} ${row.out ? styles.out : ''}`} data-out={row.out || undefined} aria-current={row.login === ownLogin || undefined}>
                  <th scope="row" className={styles.nameCell}>
                    {row.name}{' '}
                    <span className={styles.marker[row.out ? 'out' : 'inRace']}>{row.out ? `(${t('race.standing.out')})` : <span className={visuallyHidden}>({t('race.standing.inRace')})</span>}</span>
                    {/* On a phone the champion pick's fate goes under the name, in place of its column. */}
                    {row.champion && <span className={styles.narrowOnly}>{championOf(row.champion)}</span>}
                  </th>
                  <td className={styles.number}>{row.points}</td>
                  <td className={styles.number}>{row.maxPoints}</td>
                  <td className={styles.number}>{row.bestRank}.</td>
                  <td className={`${styles.number} ${styles.wideOnly}`}>{row.matchdayWins}</td>
                  <td className={`${styles.cell} ${styles.wideOnly}`}>{row.champion ? championOf(row.champion) : '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
