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
  const error = validatePassword(password, repeat);

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
        <input id={`${id}-new`} className={textInput} type="password" autoComplete="new-password" value={password} onChange={(event) => setPassword(event.target.value)} onBlur={() => setTouched(true)} aria-invalid={touched && !!error && error !== 'passwordsMismatch'} />
      </div>
      <div className={field}>
        <label className={label} htmlFor={`${id}-repeat`}>
          {t('password.repeat')}
        </label>
        <input id={`${id}-repeat`} className={textInput} type="password" autoComplete="new-password" value={repeat} onChange={(event) => setRepeat(event.target.value)} aria-invalid={touched && error === 'passwordsMismatch'} aria-describedby={`${id}-error`} />
      </div>
      <p id={`${id}-error`} className={fieldError} aria-live="polite">
        {touched && error ? t(`validation.${error}`) : ''}
      </p>
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
