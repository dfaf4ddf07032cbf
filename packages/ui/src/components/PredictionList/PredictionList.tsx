import { useTranslation } from 'react-i18next';
import { formatScore, isPredictionVisible, offersShowAll, type Accuracy, type Prediction } from '@scorecast/rules';
import { dayAndTime } from '../../i18n/kickoff';
import { button, visuallyHidden } from '../../styles/controls.css';
import * as styles from './PredictionList.css';

export type PredictionOfPlayer = {
  login: string;
  name: string;
  rank: number;
  /** Rank after this game against the rank before it (rules' rankTrend). */
  rankTrend: 'up' | 'down' | 'same';
  /** Absent when the player did not predict, or the server kept it secret. */
  prediction?: (Prediction & { accuracy?: Accuracy | undefined; points?: number | undefined }) | undefined;
  /** When the player last changed this prediction (ISO instant), when the server's log knows it. */
  changedAt?: string | undefined;
};

export type PredictionListProps = {
  predictions: readonly PredictionOfPlayer[];
  ownLogin: string;
  /** Players in the group (decides visibility and the 'show all' toggle). */
  playerCount: number;
  isCurrentGame: boolean;
  showAll: boolean;
  onToggleShowAll: () => void;
};

const ARROWS = { up: '▲', down: '▼', same: '▶' } as const;

/** Everyone's predictions under a started game, with rank, change, accuracy and points. */
export function PredictionList({ predictions, ownLogin, playerCount, isCurrentGame, showAll, onToggleShowAll }: PredictionListProps) {
  const { t, i18n } = useTranslation();
  return (
    <div className={styles.block}>
      <table className={styles.table}>
        <caption className={visuallyHidden}>{t('predictions.title')}</caption>
        <thead>
          <tr>
            <th scope="col" className={styles.headNumber}>
              {t('predictions.rank')}
            </th>
            <th scope="col" className={styles.head}>
              {t('predictions.name')}
            </th>
            <th scope="col" className={styles.headNumber}>
              {t('predictions.prediction')}
            </th>
            <th scope="col" className={styles.head}>
              {t('predictions.accuracy')}
            </th>
            <th scope="col" className={styles.headNumber}>
              {t('predictions.points')}
            </th>
          </tr>
        </thead>
        <tbody>
          {/* By the rank each row shows; rows of one rank keep the order they came in. */}
          {[...predictions].sort((a, b) => a.rank - b.rank).map((row) => {
            const own = row.login === ownLogin;
            const accuracy = row.prediction?.accuracy;
            // The list is only shown under a started game.
            const visible = isPredictionVisible({ own, started: true, playerCount, isCurrentGame, showAll, accuracy });
            return (
              <tr key={row.login} className={own ? styles.own : undefined}>
                <td className={`${styles.number} ${styles.rankCell}`}>
                  {row.rank}.{' '}
                  <span className={styles.trend[row.rankTrend]} aria-hidden="true">
                    {ARROWS[row.rankTrend]}
                  </span>
                  <span className={visuallyHidden}>{t(`predictions.rank${row.rankTrend === 'up' ? 'Up' : row.rankTrend === 'down' ? 'Down' : 'Same'}`)}</span>
                </td>
                <td className={`${styles.cell} ${styles.name}`}>{row.name}</td>
                {visible ? (
                  <>
                    <td className={styles.number}>
                      {row.prediction ? formatScore(row.prediction) : '–'}
                      {row.prediction && row.changedAt && (
                        <time className={styles.changedAt} dateTime={row.changedAt}>
                          {t('predictions.changed', { time: dayAndTime(row.changedAt, i18n.language) })}
                        </time>
                      )}
                    </td>
                    <td className={styles.cell}>{accuracy && <span className={styles.accuracy[accuracy]}>{t(`accuracy.${accuracy}`)}</span>}</td>
                    <td className={styles.number}>{t('predictions.pointsUnit', { count: row.prediction?.points ?? 0 })}</td>
                  </>
                ) : (
                  <>
                    {/* 'hidden' stands where the score would, aligned like the scores above and below it. */}
                    <td className={`${styles.number} ${styles.hidden}`}>{t('predictions.hidden')}</td>
                    <td className={styles.cell} />
                    <td className={styles.cell} />
                  </>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
      {offersShowAll(playerCount) && (
        <button type="button" className={`${button.secondary} ${styles.toggle}`} aria-pressed={showAll} onClick={onToggleShowAll}>
          {t(showAll ? 'predictions.showFewer' : 'predictions.showAll')}
        </button>
      )}
    </div>
  );
}
