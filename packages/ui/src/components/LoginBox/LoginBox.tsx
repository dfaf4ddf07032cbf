import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, normalizeLogin, validateEmail, validatePassword, type Language } from '@scorecast/rules';
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
  /** Bump after a failed login: the password is cleared and focused again, and a message says so. */
  failedAttempts?: number;
  /** The account a reset link is for, named in reset mode. */
  account?: string | undefined;
  /** Whose group an invitation link leads to, named above the form; `isFull` when it has no seat left, `isOver` when its tournament is past. */
  invitation?: { invitorName: string; groupName: string; isFull?: boolean | undefined; isOver?: boolean | undefined } | undefined;
  /** The page's language and its switch; without a handler no switch is shown. */
  language?: Language;
  onLanguageChange?: ((language: Language) => void) | undefined;
  onSubmit: (credentials: LoginCredentials) => void;
  /** 'Back' in the modes that have it. */
  onBack?: () => void;
  /** Sent and waiting for the server: the button says so and takes no second tap. */
  busy?: boolean;
};

const SUBMIT_LABEL = { login: 'login.login', register: 'login.register', resetRequest: 'login.sendResetLink', reset: 'login.resetPassword', unsubscribe: 'login.unsubscribe' } as const;

/** The login screen's box in its five modes. */
export function LoginBox({ mode, initialEmail = '', failedAttempts = 0, account, invitation, language, onLanguageChange, onSubmit, onBack, busy = false }: LoginBoxProps) {
  const { t } = useTranslation();
  const id = useId();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [loginFailed, setLoginFailed] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (failedAttempts === 0) return;
    setPassword('');
    setLoginFailed(true);
    passwordRef.current?.focus();
  }, [failedAttempts]);

  const hasEmail = mode !== 'reset';
  const hasPassword = mode === 'login' || mode === 'register' || mode === 'reset';
  const hasRepeat = mode === 'register' || mode === 'reset';
  const emailError = hasEmail && mode !== 'login' ? validateEmail(email) : undefined;
  const strengthError = hasRepeat ? validatePassword(password) : undefined;
  const repeatError = hasRepeat && !strengthError ? validatePassword(password, repeat) : hasRepeat && repeat !== password ? 'passwordsMismatch' : undefined;
  const missing = (hasEmail && !email.trim()) || (mode === 'login' && !password);
  const blocked = emailError ?? strengthError ?? repeatError;

  // Each field's error under that field, once the player tried to submit.
  const errorOf = {
    email: submitted && emailError ? t(`validation.${emailError}`) : undefined,
    password: loginFailed ? t('login.failed') : submitted && strengthError ? t(`validation.${strengthError}`) : undefined,
    repeat: submitted && repeatError ? t(`validation.${repeatError}`) : undefined,
  };
  const described = (name: keyof typeof errorOf) => (errorOf[name] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${name}-error` } : { 'aria-invalid': false });
  const errorLine = (name: keyof typeof errorOf) =>
    errorOf[name] && (
      <p id={`${id}-${name}-error`} className={fieldError} role={name === 'password' && loginFailed ? 'alert' : undefined}>
        {errorOf[name]}
      </p>
    );

  // A refused submit takes the player to the first field to fix: its error is read with it.
  const formRef = useRef<HTMLFormElement>(null);
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals === 0) return;
    const inputs = [...(formRef.current?.querySelectorAll<HTMLInputElement>('input') ?? [])];
    (inputs.find((input) => input.getAttribute('aria-invalid') === 'true') ?? inputs.find((input) => !input.value))?.focus();
  }, [refusals]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (blocked || missing) {
      setRefusals((count) => count + 1);
      return;
    }
    onSubmit({ mode, login: normalizeLogin(email), password, passwordRepeat: repeat });
  };

  return (
    <div className={styles.page}>
      <div className={styles.intro}>
        <p className={styles.product}>{t('app.name')}</p>
        <p className={styles.pitch}>{t('login.pitch')}</p>
      </div>
      <form ref={formRef} className={`${card} ${styles.box}`} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`} className={heading}>
          {t(`login.title.${mode}`)}
        </h1>
        {invitation && (
          <p className={styles.invitation}>{t(invitation.isOver ? 'login.invitedToPastGroup' : invitation.isFull ? 'login.invitedToFullGroup' : 'login.invitedBy', { invitor: invitation.invitorName, group: invitation.groupName })}</p>
        )}
        {mode === 'reset' && account && <p className={styles.account}>{t('login.resetFor', { login: account })}</p>}
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
              {...described('email')}
              onKeyDown={(event) => event.key === ' ' && event.preventDefault()}
              onChange={(event) => setEmail(event.target.value.replace(/\s/g, ''))}
            />
            {errorLine('email')}
          </div>
        )}
        {hasPassword && (
          <div className={field}>
            <label className={label} htmlFor={`${id}-password`}>
              {t('login.password')}
            </label>
            <input
              ref={passwordRef}
              id={`${id}-password`}
              className={textInput}
              type="password"
              autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
              value={password}
              {...described('password')}
              onChange={(event) => {
                setPassword(event.target.value);
                setLoginFailed(false);
              }}
            />
            {errorLine('password')}
          </div>
        )}
        {hasRepeat && (
          <div className={field}>
            <label className={label} htmlFor={`${id}-repeat`}>
              {t('login.repeat')}
            </label>
            <input id={`${id}-repeat`} className={textInput} type="password" autoComplete="new-password" value={repeat} {...described('repeat')} onChange={(event) => setRepeat(event.target.value)} />
            {errorLine('repeat')}
          </div>
        )}
        <div className={row}>
          <button type="submit" className={button.primary} disabled={busy} aria-busy={busy || undefined}>
            {t(SUBMIT_LABEL[mode])}
            {busy ? '…' : ''}
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
      {language && onLanguageChange && (
        <div className={styles.languages} role="group" aria-label={t('settings.language')}>
          {LANGUAGES.map((each) => (
            <button key={each} type="button" lang={each} className={styles.languageButton} aria-pressed={each === language} onClick={() => onLanguageChange(each)}>
              {t(`settings.languages.${each}`)}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
