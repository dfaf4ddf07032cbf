import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { stepGoals, type Score } from '@scorecast/rules';
import { useTeamName } from '../../team/useTeamName';
import { iconButton } from '../../styles/controls.css';
import { TeamFlag } from '../TeamFlag/TeamFlag';
import * as styles from './PredictionPopup.css';

export type PredictionPopupProps = {
  homeTeam: string;
  awayTeam: string;
  /** The prediction as it is now; undefined before the first one. */
  prediction: Score | undefined;
  onChange: (score: Score) => void;
  onClose: () => void;
};

/** Full-screen score picker for phones: plus and minus per team instead of typing. */
export function PredictionPopup({ homeTeam, awayTeam, prediction, onChange, onClose }: PredictionPopupProps) {
  const { t } = useTranslation();
  const nameOf = useTeamName();
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  const step = (side: 'home' | 'away', delta: 1 | -1) => {
    const next = stepGoals(prediction, side, delta);
    if (next && (next.homeGoals !== prediction?.homeGoals || next.awayGoals !== prediction?.awayGoals)) onChange(next);
  };

  const side = (team: string, which: 'home' | 'away') => {
    const goals = prediction?.[which === 'home' ? 'homeGoals' : 'awayGoals'];
    const name = nameOf(team);
    return (
      <div className={styles.team}>
        <TeamFlag team={team} decorative />
        <strong>{name}</strong>
        <button type="button" className={styles.arrow} aria-label={t('predictionPopup.more', { team: name })} onClick={() => step(which, 1)}>
          ▲
        </button>
        <output className={styles.goals} aria-label={t('predictionPopup.goals', { team: name })}>
          {goals ?? '–'}
        </output>
        <button type="button" className={styles.arrow} aria-label={t('predictionPopup.less', { team: name })} disabled={!stepGoals(prediction, which, -1) || goals === 0} onClick={() => step(which, -1)}>
          ▼
        </button>
      </div>
    );
  };

  return (
    <div className={styles.screen} role="dialog" aria-modal="true" aria-label={t('predictionPopup.title')}>
      <div className={styles.header}>
        <h2 className={styles.title}>{t('predictionPopup.title')}</h2>
        <button ref={closeRef} type="button" className={iconButton} aria-label={t('predictionPopup.close')} onClick={onClose}>
          ✕
        </button>
      </div>
      <div className={styles.teams}>
        {side(homeTeam, 'home')}
        <span className={styles.colon} aria-hidden="true">
          :
        </span>
        {side(awayTeam, 'away')}
      </div>
    </div>
  );
}
