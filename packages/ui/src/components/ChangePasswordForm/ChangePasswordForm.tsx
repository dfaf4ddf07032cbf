import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { validatePassword } from '@scorecast/rules';
import { button, field, fieldError, label, pageTitle, row, textInput } from '../../styles/controls.css';
import * as styles from './ChangePasswordForm.css';

export type ChangePasswordFormProps = { onChange: (password: string) => void; onCancel: () => void };

/** New password twice, checked by the rules' password policy before it can be sent. */
export function ChangePasswordForm({ onChange, onCancel }: ChangePasswordFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [touched, setTouched] = useState(false);
  // The repeat is checked on its own, as the register form does: both messages can show at once.
  const strength = validatePassword(password);
  const mismatch = repeat !== password ? 'passwordsMismatch' : undefined;
  const error = strength ?? mismatch;
  const passwordError = touched ? strength : undefined;
  const repeatError = touched ? mismatch : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!error) onChange(password);
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <h1 className={pageTitle}>{t('password.title')}</h1>
      <div className={field}>
        <label className={label} htmlFor={`${id}-new`}>
          {t('password.new')}
        </label>
        <input id={`${id}-new`} className={textInput} type="password" autoComplete="new-password" value={password} onChange={(event) => setPassword(event.target.value)} onBlur={() => setTouched(true)} aria-invalid={!!passwordError} aria-describedby={`${id}-new-error`} />
        {/* Each message under the field it is about: the policy under the password, a mismatch under the repeat. */}
        <p id={`${id}-new-error`} className={fieldError} aria-live="polite">
          {passwordError ? t(`validation.${passwordError}`) : ''}
        </p>
      </div>
      <div className={field}>
        <label className={label} htmlFor={`${id}-repeat`}>
          {t('password.repeat')}
        </label>
        <input id={`${id}-repeat`} className={textInput} type="password" autoComplete="new-password" value={repeat} onChange={(event) => setRepeat(event.target.value)} aria-invalid={!!repeatError} aria-describedby={`${id}-repeat-error`} />
        <p id={`${id}-repeat-error`} className={fieldError} aria-live="polite">
          {repeatError ? t(`validation.${repeatError}`) : ''}
        </p>
      </div>
      <div className={row}>
        <button type="submit" className={button.primary} disabled={touched && !!error}>
          {t('password.change')}
        </button>
        <button type="button" className={button.secondary} onClick={onCancel}>
          {t('password.cancel')}
        </button>
      </div>
    </form>
  );
}
