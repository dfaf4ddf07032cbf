import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { button } from '../../styles/controls.css';
import * as styles from './NoConnection.css';

export type NoConnectionProps = {
  /** Loads the session again. */
  onRetry: () => void;
  /** While a retry is under way its button waits. */
  retrying?: boolean;
};

/** The authorised area when the server cannot be reached (spec section 2): what happened, and a way to try again. */
export function NoConnection({ onRetry, retrying = false }: NoConnectionProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section className={styles.block} role="alert" aria-labelledby={titleId}>
      <svg className={styles.icon} viewBox="0 0 24 24" width="48" height="48" aria-hidden="true">
        <path
          fill="currentColor"
          d="M12 4C7.3 4 3.1 5.9 0 9l2 2c2.6-2.6 6.1-4.1 10-4.1 1 0 2 .1 2.9.3l2.5-2.5C15.7 4.3 13.9 4 12 4Zm9.4 1.2L4.1 22.5l1.4 1.4 4.4-4.4L12 22l3.5-3.5-1.9-1.9 9.2-9.2-1.4-1.4ZM19 9.2l-2.1 2.1c1 .5 1.9 1.1 2.7 1.9l2-2C20.9 10.5 20 9.8 19 9.2ZM12 10.8c-2.3 0-4.5.9-6 2.5l2 2c1-1 2.5-1.7 4-1.7h.1l2.7-2.7c-.9-.1-1.8-.1-2.8-.1Z"
        />
      </svg>
      <h1 id={titleId} className={styles.title}>
        {t('app.noConnection')}
      </h1>
      <p className={styles.text}>{t('app.noConnectionHint')}</p>
      <button type="button" className={button.primary} onClick={onRetry} disabled={retrying} aria-busy={retrying || undefined}>
        {t('app.retry')}
      </button>
    </section>
  );
}
