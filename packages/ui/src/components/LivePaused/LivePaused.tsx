import { useTranslation } from 'react-i18next';
import * as styles from './LivePaused.css';

/**
 * A line above the screen while the live channel is down: scores and rankings on screen may be
 * behind until it is back (the app reads everything again then).
 */
export function LivePaused() {
  const { t } = useTranslation();
  return (
    <p className={styles.line} role="status">
      <span className={styles.dot} aria-hidden="true" />
      {t('app.livePaused')}
    </p>
  );
}
