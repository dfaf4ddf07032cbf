import { Fragment, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../format/formatDay';
import * as styles from './MatchdayWinners.css';

/** One finished matchday: its day (`YYYY-MM-DD`), its winners and their points (rules' matchdayWinners). */
export type MatchdayOfGroup = { day: string; points: number; winners: readonly { login: string; name: string }[] };

export type MatchdayWinnersProps = {
  /** Days in the order played; shown newest first. */
  matchdays: readonly MatchdayOfGroup[];
  ownLogin: string;
};

/** The group's best scorers of every finished day since one of them first scored (ties all win), newest first. */
export function MatchdayWinners({ matchdays, ownLogin }: MatchdayWinnersProps) {
  const { t } = useTranslation();
  const titleId = useId();
  // The days before anyone in the group scored (a group begun mid-tournament) would be a list of dashes.
  const firstWon = matchdays.findIndex((matchday) => matchday.winners.length > 0);
  const shown = firstWon < 0 ? [] : matchdays.slice(firstWon);
  return (
    <section className={styles.block} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {t('race.matchdays.title')}
      </h2>
      {shown.length === 0 ? (
        <p className={styles.muted}>{t(matchdays.length === 0 ? 'race.matchdays.empty' : 'race.matchdays.noneWon')}</p>
      ) : (
        <table className={styles.table} aria-labelledby={titleId}>
          <thead>
            <tr>
              <th scope="col" className={styles.cell}>
                {t('race.matchdays.day')}
              </th>
              <th scope="col" className={styles.cell}>
                {t('race.matchdays.winners')}
              </th>
              <th scope="col" className={styles.number}>
                {t('race.matchdays.points')}
              </th>
            </tr>
          </thead>
          <tbody>
            {[...shown].reverse().map((matchday) => (
              <tr key={matchday.day}>
                <th scope="row" className={styles.cell}>
                  <time dateTime={matchday.day}>{formatDay(matchday.day)}</time>
                </th>
                <td className={styles.names}>
                  {matchday.winners.length === 0
                    ? '–'
                    : matchday.winners.map((winner, index) => (
                        <Fragment key={winner.login}>
                          {index > 0 && ', '}
                          <span className={winner.login === ownLogin ? styles.own : undefined}>{winner.name}</span>
                        </Fragment>
                      ))}
                </td>
                <td className={styles.number}>{matchday.winners.length === 0 ? '–' : matchday.points}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
