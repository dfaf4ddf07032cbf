import { useEffect, useId, useRef } from 'react';
import { useFocusKept } from '../../hooks/useFocusKept';
import { useTranslation } from 'react-i18next';
import { stepGoals, type Game, type Score } from '@scorecast/rules';
import { gameDay, kickoffTime } from '../../i18n/kickoff';
import { useTeamName } from '../../team/useTeamName';
import { button, iconButton, visuallyHidden } from '../../styles/controls.css';
import { TeamFlag } from '../TeamFlag/TeamFlag';
import * as styles from './PredictionPopup.css';

export type PredictionPopupProps = {
  /** The game being predicted: its teams, and its stage (or group) and kickoff for the heading. */
  game: Pick<Game, 'homeTeam' | 'awayTeam' | 'date' | 'stage'> & { groupLetter?: string | undefined };
  /** The prediction as it is now; undefined before the first one. */
  prediction: Score | undefined;
  onChange: (score: Score) => void;
  onClose: () => void;
  /** Goes to the previous game to predict; absent for the first one. */
  onPrevious?: (() => void) | undefined;
  /** Goes to the next game to predict; absent for the last one. */
  onNext?: (() => void) | undefined;
  /** The button that takes the focus on opening: Close, or Previous or Next when the popup stepped there. */
  initialFocus?: 'close' | 'previous' | 'next' | undefined;
  /** Gives the focus back when the popup closes with it (default: to what had it before it opened). */
  giveFocusBack?: (() => void) | undefined;
};

/**
 * Full-screen score picker for phones: plus and minus per team instead of typing, and the previous
 * and next games one tap away, so a whole matchday is predicted without closing it.
 */
export function PredictionPopup({ game, prediction, onChange, onClose, onPrevious, onNext, initialFocus = 'close', giveFocusBack }: PredictionPopupProps) {
  const { t, i18n } = useTranslation();
  const nameOf = useTeamName();
  const titleId = useId();
  const gameId = useId();
  const screenRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const previousRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  // Stepped to the first or last game, that button is disabled: Close then.
  const stepped = initialFocus === 'next' ? (onNext ? nextRef : undefined) : initialFocus === 'previous' ? (onPrevious ? previousRef : undefined) : undefined;
  useFocusKept(screenRef, { initial: stepped ?? closeRef, ...(giveFocusBack ? { giveBack: giveFocusBack } : {}) });
  const closeOnEscape = useRef(onClose);
  closeOnEscape.current = onClose;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && closeOnEscape.current();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const moreButtons = { home: useRef<HTMLButtonElement>(null), away: useRef<HTMLButtonElement>(null) };
  const step = (side: 'home' | 'away', delta: 1 | -1) => {
    const next = stepGoals(prediction, side, delta);
    if (next && (next.homeGoals !== prediction?.homeGoals || next.awayGoals !== prediction?.awayGoals)) onChange(next);
    // Down to 0, minus turns disabled and would drop the focus to the page: it goes to plus.
    if (delta < 0 && next?.[side === 'home' ? 'homeGoals' : 'awayGoals'] === 0) moreButtons[side].current?.focus();
  };
  const isDrawInKnockout = game.stage !== 'Group' && prediction !== undefined && prediction.homeGoals === prediction.awayGoals;

  const side = (team: string, which: 'home' | 'away') => {
    const goals = prediction?.[which === 'home' ? 'homeGoals' : 'awayGoals'];
    const name = nameOf(team);
    const column = styles.column[which];
    return (
      <>
        <div className={`${styles.team} ${column}`}>
          <TeamFlag team={team} decorative />
          <strong className={styles.teamName}>{name}</strong>
        </div>
        <button ref={moreButtons[which]} type="button" className={`${styles.arrow} ${styles.up} ${column}`} aria-label={t('predictionPopup.more', { team: name })} onClick={() => step(which, 1)}>
          +
        </button>
        <output className={`${styles.goals} ${column}`} aria-label={t('predictionPopup.goals', { team: name })}>
          {goals ?? '–'}
        </output>
        <button
          type="button"
          className={`${styles.arrow} ${styles.down} ${column}`}
          aria-label={t('predictionPopup.less', { team: name })}
          disabled={!stepGoals(prediction, which, -1) || goals === 0}
          onClick={() => step(which, -1)}
        >
          −
        </button>
      </>
    );
  };

  return (
    <div ref={screenRef} className={styles.screen} role="dialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={gameId} tabIndex={-1}>
      <div className={styles.header}>
        <div>
          <h2 id={titleId} className={styles.title}>
            {t('predictionPopup.title')}
          </h2>
          <p id={gameId} className={styles.gameInfo}>
            {/* Which game: the heading is the same for every one the popup steps through. */}
            <span className={visuallyHidden}>{t('game.vs', { home: nameOf(game.homeTeam), away: nameOf(game.awayTeam) })} · </span>
            {game.groupLetter ? t('game.group', { letter: game.groupLetter }) : t(`stage.${game.stage}`)} · {gameDay(game.date, i18n.language)} · {kickoffTime(game.date, i18n.language)}
          </p>
        </div>
        <button ref={closeRef} type="button" className={iconButton} aria-label={t('predictionPopup.close')} onClick={onClose}>
          ✕
        </button>
      </div>
      <div className={styles.board}>
        {side(game.homeTeam, 'home')}
        <span className={styles.colon} aria-hidden="true">
          :
        </span>
        {side(game.awayTeam, 'away')}
      </div>
      <p className={styles.noDraw} role="status">
        {isDrawInKnockout ? t('game.noDraw') : ''}
      </p>
      <div className={styles.footer}>
        <button ref={previousRef} type="button" className={`${button.secondary} ${styles.stepButton}`} disabled={!onPrevious} onClick={onPrevious}>
          <span aria-hidden="true">‹ </span>
          {t('predictionPopup.previous')}
        </button>
        <button ref={nextRef} type="button" className={`${button.secondary} ${styles.stepButton}`} disabled={!onNext} onClick={onNext}>
          {t('predictionPopup.next')}
          <span aria-hidden="true"> ›</span>
        </button>
        {/* Last, as it is seen last: below the two on a phone, to their right on a wider screen. */}
        <button type="button" className={`${button.primary} ${styles.stepButton} ${styles.doneButton}`} onClick={onClose}>
          {t('predictionPopup.done')}
        </button>
      </div>
    </div>
  );
}
