import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Switch } from '../ConfirmAction/ConfirmAction';
import * as styles from './MailReminderSwitch.css';

export type MailReminderSwitchProps = { checked: boolean; onChange: (checked: boolean) => void };

/** Beside the push switches: a mail on game days with the games still to predict. */
export function MailReminderSwitch({ checked, onChange }: MailReminderSwitchProps) {
  const { t } = useTranslation();
  const hintId = useId();
  return (
    <div className={styles.row}>
      <Switch label={t('settings.mailReminders')} checked={checked} onChange={onChange} describedBy={hintId} />
      <p id={hintId} className={styles.hint}>
        {t('settings.mailRemindersHint')}
      </p>
    </div>
  );
}
