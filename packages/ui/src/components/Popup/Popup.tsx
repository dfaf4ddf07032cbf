import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useFocusKept } from '../../hooks/useFocusKept';
import { useTranslation } from 'react-i18next';
import { button, overlay, visuallyHidden } from '../../styles/controls.css';
import * as styles from './Popup.css';

export const POPUP_KINDS = ['success', 'error', 'warning', 'question', 'loader'] as const;
export type PopupKind = (typeof POPUP_KINDS)[number];

/** Most popups of the spec close themselves after 2 s. */
export const POPUP_DEFAULT_TIMER_MS = 2000;

export type PopupButton = { label: string; onClick: () => void; variant?: 'primary' | 'secondary' | 'danger'; disabled?: boolean };

export type PopupProps = {
  kind: PopupKind;
  title?: string;
  message?: ReactNode;
  /** Extra content between message and buttons, e.g. the invitation's name field. */
  children?: ReactNode;
  buttons?: PopupButton[];
  /** Closes the popup by itself after this many milliseconds. */
  timerMs?: number;
  /** Called by the timer, by Escape, and by the default OK button. */
  onClose: () => void;
};

const ICONS: Record<PopupKind, string> = { success: '✓', error: '✕', warning: '!', question: '?', loader: '' };

/** A modal message with an icon, optional timer and buttons; Escape closes it, and the keyboard stays in it while it is open. */
export function Popup({ kind, title, message, children, buttons, timerMs, onClose }: PopupProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const messageId = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  useFocusKept(boxRef);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    if (timerMs === undefined) return;
    const timer = setTimeout(() => closeRef.current(), timerMs);
    return () => clearTimeout(timer);
  }, [timerMs]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && closeRef.current();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const shown = buttons ?? (kind === 'loader' || timerMs !== undefined ? [] : [{ label: t('popup.ok'), onClick: onClose }]);
  return (
    <div className={overlay}>
      <div ref={boxRef} className={styles.box} role={kind === 'loader' ? 'alertdialog' : 'dialog'} aria-modal="true" aria-labelledby={titleId} aria-describedby={message ? messageId : undefined} aria-busy={kind === 'loader' || undefined} tabIndex={-1}>
        <div className={styles.icon[kind]} aria-hidden="true">
          {ICONS[kind]}
        </div>
        <h2 id={titleId} className={title ? styles.title : visuallyHidden}>
          {title ?? t(`popup.kind.${kind}`)}
        </h2>
        {message && (
          <p id={messageId} className={styles.message}>
            {message}
          </p>
        )}
        {children}
        {shown.length > 0 && (
          <div className={styles.buttons}>
            {shown.map((item) => (
              <button key={item.label} type="button" className={button[item.variant ?? 'primary']} onClick={item.onClick} disabled={item.disabled}>
                {item.label}
              </button>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
