import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatScore, type Score, type WhatIfRow } from '@scorecast/rules';
import { button, iconButton, visuallyHidden } from '../../styles/controls.css';
import { useTeamName } from '../../team/useTeamName';
import * as styles from './WhatIf.css';

export type WhatIfProps = {
  homeTeam: string;
  awayTeam: string;
  /** The result being tried. */
  tried: Score;
  /** The lowest score that can be tried: a Live game's current score, since goals are never taken back. */
  lowest?: Score | undefined;
  /** The table with the tried result (rules' whatIf). */
  rows: readonly WhatIfRow[];
  ownLogin: string;
  onTry: (score: Score) => void;
  /** Back to the real score (a Live game's current one): `lowest`. Offered once another result is tried. */
  onReset: () => void;
  onClose: () => void;
  /** Before kickoff: the others' predictions are hidden, and the table counts them as none; the reset goes back to 0:0. */
  othersHidden?: boolean;
};

const ARROWS = { up: '▲', down: '▼', same: '▶' } as const;
const TREND_KEYS = { up: 'predictions.rankUp', down: 'predictions.rankDown', same: 'predictions.rankSame' } as const;

/** What a tried result would do to the group's table: goals tried with plus and minus, points and ranks against today's. Nothing is saved. */
export function WhatIf({ homeTeam, awayTeam, tried, lowest = { homeGoals: 0, awayGoals: 0 }, rows, ownLogin, onTry, onReset, onClose, othersHidden = false }: WhatIfProps) {
  const { t } = useTranslation();
  const teamName = useTeamName();
  const titleId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  // Opened from a button that is gone now: the player goes on inside it.
  useEffect(() => sectionRef.current?.focus({ preventScroll: true }), []);
  const changed = tried.homeGoals !== lowest.homeGoals || tried.awayGoals !== lowest.awayGoals;
  const moreButtons = { homeGoals: useRef<HTMLButtonElement>(null), awayGoals: useRef<HTMLButtonElement>(null) };
  const less = (which: 'homeGoals' | 'awayGoals') => {
    onTry({ ...tried, [which]: tried[which] - 1 });
    // Down to the lowest, minus turns disabled and would drop the focus to the page: it goes to plus.
    if (tried[which] - 1 <= lowest[which]) moreButtons[which].current?.focus();
  };
  const side = (which: 'homeGoals' | 'awayGoals', team: string) => {
    const name = teamName(team);
    return (
      <div className={styles.side}>
        <button type="button" className={iconButton} aria-label={t('race.whatIf.less', { team: name })} disabled={tried[which] <= lowest[which]} onClick={() => less(which)}>
          −
        </button>
        <output className={styles.goals} aria-label={t('race.whatIf.goals', { team: name })} aria-live="polite">
          {tried[which]}
        </output>
        <button ref={moreButtons[which]} type="button" className={iconButton} aria-label={t('race.whatIf.more', { team: name })} onClick={() => onTry({ ...tried, [which]: tried[which] + 1 })}>
          +
        </button>
      </div>
    );
  };
  return (
    <section ref={sectionRef} className={styles.block} aria-labelledby={titleId} tabIndex={-1} onKeyDown={(event) => event.key === 'Escape' && onClose()}>
      <div className={styles.header}>
        <p id={titleId} className={styles.title}>
          {t('race.whatIf.title')}
        </p>
        <button type="button" className={iconButton} aria-label={t('race.whatIf.close')} onClick={onClose}>
          ✕
        </button>
      </div>
      <p className={styles.muted}>{t('race.whatIf.intro')}</p>
      {othersHidden && <p className={styles.muted}>{t('race.whatIf.othersHidden')}</p>}
      <div className={styles.board}>
        <span className={styles.team}>{teamName(homeTeam)}</span>
        <span />
        <span className={styles.team}>{teamName(awayTeam)}</span>
        {side('homeGoals', homeTeam)}
        <span className={styles.colon} aria-hidden="true">
          :
        </span>
        {side('awayGoals', awayTeam)}
      </div>
      <table className={styles.table}>
        <caption className={visuallyHidden}>{t('race.whatIf.caption', { score: formatScore(tried) })}</caption>
        <thead className={visuallyHidden}>
          <tr>
            <th scope="col">{t('race.whatIf.rank')}</th>
            <th scope="col">{t('race.whatIf.name')}</th>
            <th scope="col">{t('race.whatIf.points')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.login} className={row.login === ownLogin ? styles.own : undefined} data-trend={row.trend}>
              <td className={styles.number}>
                {row.rank}.{' '}
                <span className={styles.trend[row.trend]} aria-hidden="true">
                  {ARROWS[row.trend]}
                </span>
                <span className={visuallyHidden}>
                  {t(TREND_KEYS[row.trend])}, {t('race.whatIf.now', { rank: row.rankNow })}
                </span>
              </td>
              <td className={styles.cell}>{row.name}</td>
              <td className={styles.number}>
                {row.points}
                {row.points !== row.pointsNow && ` (${row.points > row.pointsNow ? '+' : '−'}${Math.abs(row.points - row.pointsNow)})`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {changed && (
        <div className={styles.actions}>
          <button
            type="button"
            className={button.secondary}
            onClick={() => {
              // The button goes with the tried score: the focus stays in the box, not on the page.
              sectionRef.current?.focus({ preventScroll: true });
              onReset();
            }}
          >
            {t(othersHidden ? 'race.whatIf.resetToStart' : 'race.whatIf.reset')}
          </button>
        </div>
      )}
    </section>
  );
}
