import { useTranslation } from 'react-i18next';
import { dateAndTime } from '../../i18n/kickoff';
import * as styles from './CorrectionNote.css';

export type Correction = {
  /** When the result was corrected (ISO instant). */
  at: string;
  /** The operator by hand (always with a reason), or a result feed. */
  source: 'admin' | 'feed';
  reason: string | null;
};

export type CorrectionNoteProps = { correction: Correction };

/** Under a game whose finished result was changed afterwards: that it was corrected, why and when. */
export function CorrectionNote({ correction }: CorrectionNoteProps) {
  const { t, i18n } = useTranslation();
  const when = dateAndTime(correction.at, i18n.language);
  const reason = correction.source === 'feed' ? t('correction.byFeed') : correction.reason;
  return (
    <p className={styles.note} role="note" data-source={correction.source}>
      <span className={styles.label}>{t('correction.title')}:</span>
      <span>{reason}</span>
      <time className={styles.time} dateTime={correction.at}>
        {when}
      </time>
    </p>
  );
}
