import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import * as styles from './Toast.css';

/** Spec section 9: a toast message lasts 8.5 s. */
export const TOAST_DURATION_MS = 8500;

export type ToastProps = {
  /** Green for good news (player joined, new score), red for bad (player left), neutral otherwise. */
  kind: 'success' | 'error' | 'info';
  message: string;
  onDismiss: () => void;
  durationMs?: number;
};

/** A short live message at the bottom of the screen that goes away by itself. */
export function Toast({ kind, message, onDismiss, durationMs = TOAST_DURATION_MS }: ToastProps) {
  const { t } = useTranslation();
  const dismissRef = useRef(onDismiss);
  dismissRef.current = onDismiss;
  useEffect(() => {
    const timer = setTimeout(() => dismissRef.current(), durationMs);
    return () => clearTimeout(timer);
  }, [durationMs, message]);
  return (
    <div className={styles.toast[kind]} role={kind === 'error' ? 'alert' : 'status'}>
      <p className={styles.message}>{message}</p>
      <button type="button" className={styles.close} aria-label={t('popup.close')} onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}
