import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, THEMES, type Language, type Theme } from '@scorecast/rules';
import { Link } from '../../links/LinkProvider';
import { button, card, field, fieldError, heading, label, muted, pageTitle, row, textInput } from '../../styles/controls.css';
import { ConfirmAction, Switch } from '../ConfirmAction/ConfirmAction';
import * as styles from './Settings.css';

export const NOTIFICATION_SWITCHES = ['notifyOnMissingPrediction', 'notifyOnGameStart', 'notifyOnGameFinished', 'notifyOnGameChange'] as const;
export type NotificationSwitch = (typeof NOTIFICATION_SWITCHES)[number];
export type NotificationSettings = Record<'notify' | NotificationSwitch, boolean>;

export type SettingsProps = {
  login: string;
  notifications: NotificationSettings;
  /** False when the browser has no push support or permission was denied. */
  pushAvailable: boolean;
  /** The browser refused the last attempt to switch push on: the switch says why it is off. */
  pushRefused?: boolean | undefined;
  theme: Theme;
  language: Language;
  /** Account deletion warns when the user created groups that have other players. */
  ownsGroupsWithOthers: boolean;
  onNotificationChange: (name: 'notify' | NotificationSwitch, enabled: boolean) => void;
  /** The reminder mails' switch (a MailReminderSwitch), shown beside the push switches; it works without push. */
  mailReminders?: ReactNode;
  onThemeChange: (theme: Theme) => void;
  onLanguageChange: (language: Language) => void;
  onLogout: () => void;
  onDeleteAccount: () => void;
};

/** The settings screen: push switches and the mail reminders, theme, language and the account. */
export function Settings(props: SettingsProps) {
  const { t } = useTranslation();
  const id = useId();
  const { notifications, pushAvailable } = props;
  return (
    <div className={styles.page}>
      <h1 className={pageTitle}>{t('settings.title')}</h1>
      <section className={card} aria-labelledby={`${id}-push`}>
        <h2 id={`${id}-push`} className={heading}>
          {t(props.mailReminders ? 'settings.pushAndMail' : 'settings.push')}
        </h2>
        {!pushAvailable && <p className={muted}>{t('settings.pushUnsupported')}</p>}
        <Switch label={t('settings.notify')} checked={notifications.notify} disabled={!pushAvailable} onChange={(on) => props.onNotificationChange('notify', on)} />
        {props.pushRefused && (
          <p className={fieldError} role="alert">
            {t('settings.pushRefused')}
          </p>
        )}
        <div className={styles.subSwitches}>
          {NOTIFICATION_SWITCHES.map((name) => (
            // Off while the main switch is off: a knob on the 'on' side read as a notification that comes.
            <Switch key={name} label={t(`settings.${name}`)} checked={notifications.notify && notifications[name]} disabled={!pushAvailable || !notifications.notify} onChange={(on) => props.onNotificationChange(name, on)} />
          ))}
        </div>
        {props.mailReminders && (
          <div className={styles.mailReminders}>{props.mailReminders}</div>
        )}
      </section>
      <section className={card}>
        <div className={field}>
          <label className={label} htmlFor={`${id}-theme`}>
            {t('settings.theme')}
          </label>
          <select id={`${id}-theme`} className={textInput} value={props.theme} onChange={(event) => props.onThemeChange(event.target.value as Theme)}>
            {THEMES.map((theme) => (
              <option key={theme} value={theme}>
                {t(`settings.themes.${theme}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={field}>
          <label className={label} htmlFor={`${id}-language`}>
            {t('settings.language')}
          </label>
          <select id={`${id}-language`} className={textInput} value={props.language} onChange={(event) => props.onLanguageChange(event.target.value as Language)}>
            {LANGUAGES.map((language) => (
              <option key={language} value={language} lang={language}>
                {t(`settings.languages.${language}`)}
              </option>
            ))}
          </select>
        </div>
      </section>
      <section className={card} aria-labelledby={`${id}-account`}>
        <h2 id={`${id}-account`} className={heading}>
          {t('settings.account')}
        </h2>
        <p style={{ margin: 0 }}>{t('settings.loggedInAs', { login: props.login })}</p>
        <div className={row}>
          <Link href="/settings/change-password" className={button.secondary}>
            {t('settings.changePassword')}
          </Link>
          <button type="button" className={button.secondary} onClick={props.onLogout}>
            {t('settings.logout')}
          </button>
        </div>
        {props.ownsGroupsWithOthers && (
          <p role="note" style={{ margin: 0 }}>
            {t('settings.ownGroupsWarning')}
          </p>
        )}
        <ConfirmAction confirmations={[t('settings.confirmDeleteAccount'), t('settings.confirmDeleteAccountAgain')]} actionLabel={t('settings.deleteAccount')} onConfirm={props.onDeleteAccount} />
      </section>
    </div>
  );
}
