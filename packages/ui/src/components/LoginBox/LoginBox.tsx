import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeLogin, validateEmail, validatePassword } from '@scorecast/rules';
import { Link } from '../../links/LinkProvider';
import { button, card, field, fieldError, heading, label, row, textInput } from '../../styles/controls.css';
import * as styles from './LoginBox.css';

export const LOGIN_MODES = ['login', 'register', 'resetRequest', 'reset', 'unsubscribe'] as const;
export type LoginMode = (typeof LOGIN_MODES)[number];

/** Spec section 9: the login box fades in 300 ms after load. */
export const LOGIN_FADE_DELAY_MS = 300;

export type LoginCredentials = { mode: LoginMode; login: string; password: string; passwordRepeat: string };

export type LoginBoxProps = {
  mode: LoginMode;
  /** Prefilled e-mail, e.g. from an unsubscribe link. */
  initialEmail?: string;
  /** Bump after a failed login: the password is cleared and focused again. */
  failedAttempts?: number;
  onSubmit: (credentials: LoginCredentials) => void;
  /** 'Back' in the modes that have it. */
  onBack?: () => void;
};

const SUBMIT_LABEL = { login: 'login.login', register: 'login.register', resetRequest: 'login.sendResetLink', reset: 'login.resetPassword', unsubscribe: 'login.unsubscribe' } as const;

/** The login screen's box in its five modes. */
export function LoginBox({ mode, initialEmail = '', failedAttempts = 0, onSubmit, onBack }: LoginBoxProps) {
  const { t } = useTranslation();
  const id = useId();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (failedAttempts === 0) return;
    setPassword('');
    passwordRef.current?.focus();
  }, [failedAttempts]);

  const hasEmail = mode !== 'reset';
  const hasPassword = mode === 'login' || mode === 'register' || mode === 'reset';
  const hasRepeat = mode === 'register' || mode === 'reset';
  const emailError = hasEmail && mode !== 'login' ? validateEmail(email) : undefined;
  const passwordError = hasRepeat ? validatePassword(password, repeat) : undefined;
  const missing = (hasEmail && !email.trim()) || (mode === 'login' && !password);
  const error = emailError ?? passwordError;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (error || missing) return;
    onSubmit({ mode, login: normalizeLogin(email), password, passwordRepeat: repeat });
  };

  return (
    <div className={styles.page}>
      <form className={`${card} ${styles.box}`} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
        <p className={styles.product}>{t('app.name')}</p>
        <h1 id={`${id}-title`} className={heading}>
          {t(`login.title.${mode}`)}
        </h1>
        {hasEmail && (
          <div className={field}>
            <label className={label} htmlFor={`${id}-email`}>
              {t('login.email')}
            </label>
            <input
              id={`${id}-email`}
              className={textInput}
              type="email"
              autoComplete="email"
              value={email}
              aria-invalid={submitted && !!emailError}
              onKeyDown={(event) => event.key === ' ' && event.preventDefault()}
              onChange={(event) => setEmail(event.target.value.replace(/\s/g, ''))}
            />
          </div>
        )}
        {hasPassword && (
          <div className={field}>
            <label className={label} htmlFor={`${id}-password`}>
              {t('login.password')}
            </label>
            <input ref={passwordRef} id={`${id}-password`} className={textInput} type="password" autoComplete={mode === 'login' ? 'current-password' : 'new-password'} value={password} aria-invalid={submitted && !!passwordError && passwordError !== 'passwordsMismatch'} onChange={(event) => setPassword(event.target.value)} />
          </div>
        )}
        {hasRepeat && (
          <div className={field}>
            <label className={label} htmlFor={`${id}-repeat`}>
              {t('login.repeat')}
            </label>
            <input id={`${id}-repeat`} className={textInput} type="password" autoComplete="new-password" value={repeat} aria-invalid={submitted && passwordError === 'passwordsMismatch'} onChange={(event) => setRepeat(event.target.value)} />
          </div>
        )}
        <p className={fieldError} aria-live="polite">
          {submitted && error ? t(`validation.${error}`) : ''}
        </p>
        <div className={row}>
          <button type="submit" className={button.primary}>
            {t(SUBMIT_LABEL[mode])}
          </button>
          {mode !== 'login' && onBack && (
            <button type="button" className={button.secondary} onClick={onBack}>
              {t('login.back')}
            </button>
          )}
        </div>
        {mode === 'login' && (
          <div className={styles.links}>
            <Link href="/login/register" className={styles.link}>
              {t('login.toRegister')}
            </Link>
            <Link href="/login/password/reset" className={styles.link}>
              {t('login.toReset')}
            </Link>
          </div>
        )}
      </form>
    </div>
  );
}
