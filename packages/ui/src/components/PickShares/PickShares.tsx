import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatScore, PICK_OUTCOMES, type PickShares as Shares } from '@scorecast/rules';
import { useTeamName } from '../../team/useTeamName';
import * as styles from './PickShares.css';

export type PickSharesProps = {
  /** How the group picked (rules' pickSharesOf); the app shows nothing before kickoff. */
  shares: Shares;
  homeTeam: string;
  awayTeam: string;
};

/** How the group picked a started game: home win, draw and away win shares, the most picked scores, the average points. */
export function PickShares({ shares, homeTeam, awayTeam }: PickSharesProps) {
  const { t, i18n } = useTranslation();
  const teamName = useTeamName();
  const titleId = useId();
  const labels = { home: t('race.picks.home', { team: teamName(homeTeam) }), draw: t('race.picks.draw'), away: t('race.picks.away', { team: teamName(awayTeam) }) };
  const average = shares.averagePoints === undefined ? undefined : new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(shares.averagePoints);
  return (
    <section className={styles.block} aria-labelledby={titleId}>
      <p id={titleId} className={styles.title}>
        {t('race.picks.title')}
      </p>
      {shares.count === 0 ? (
        <p className={styles.muted}>{t('race.picks.empty')}</p>
      ) : (
        <>
          <div className={styles.bar} aria-hidden="true">
            {PICK_OUTCOMES.map((outcome) => (
              <span key={outcome} className={styles.share[outcome]} style={{ width: `${shares.percentages[outcome]}%` }} />
            ))}
          </div>
          <ul className={styles.outcomes}>
            {PICK_OUTCOMES.map((outcome) => (
              <li key={outcome} className={styles.outcome}>
                <span className={`${styles.swatch} ${styles.share[outcome]}`} aria-hidden="true" />
                {labels[outcome]} <span className={styles.percent}>{shares.percentages[outcome]} %</span>
              </li>
            ))}
          </ul>
          <p className={styles.muted}>
            {t('race.picks.predictions', { count: shares.count })} · {t('race.picks.topScores')}:
          </p>
          <ol className={styles.scores}>
            {shares.topScores.map((top) => (
              <li key={formatScore(top)} className={styles.score}>
                {formatScore(top)} ({t('race.picks.times', { count: top.count })})
              </li>
            ))}
          </ol>
          {average !== undefined && <p className={styles.muted}>{t('race.picks.average', { points: average })}</p>}
        </>
      )}
    </section>
  );
}
