import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useAtomValue, useStore } from 'jotai';
import { isApiError, type User } from '@scorecast/api-client';
import { createdGroupWithOthers, type Language, type Theme } from '@scorecast/rules';
import { Settings, type NotificationSwitch } from '@scorecast/ui';
import { api } from '../api';
import { subscribeToPush } from '../serviceWorker';
import { MailReminderSetting } from './changes/MailReminderSetting';
import { deleteAccount, forgetSession } from '../state/account';
import { notify } from '../state/notice.atoms';
import { groupsAtom, settingsAtom, userAtom } from '../state/session.atoms';

/** Whether this browser can take push from a server that offers it: not once the player blocked notifications for the site. */
function pushAvailable(offered: boolean): boolean {
  if (!offered || typeof window === 'undefined' || !('PushManager' in window)) return false;
  return typeof Notification === 'undefined' || Notification.permission !== 'denied';
}

/** Push switches and mail reminders, theme, language, logout and account deletion. */
export function SettingsPage() {
  const store = useStore();
  const navigate = useNavigate();
  const user = useAtomValue(userAtom);
  const settings = useAtomValue(settingsAtom);
  const groups = useAtomValue(groupsAtom);
  const [pushRefused, setPushRefused] = useState(false);
  if (!user) return null;

  const setUser = (next: User) => store.set(userAtom, next);
  const changeTheme = async (theme: Theme) => {
    setUser({ ...user, theme });
    try {
      setUser(await api.setTheme({ theme }));
    } catch (error) {
      // The server says which theme it kept: the selection goes back to it.
      const kept = isApiError(error) ? error.body?.theme : undefined;
      setUser({ ...user, theme: kept ?? user.theme });
      notify(store, { kind: 'error', key: 'message.failedToSetTheme' });
    }
  };
  const changeLanguage = async (language: Language) => {
    setUser({ ...user, language });
    try {
      setUser(await api.setLanguage({ language }));
    } catch (error) {
      const kept = isApiError(error) ? error.body?.language : undefined;
      setUser({ ...user, language: kept ?? user.language });
      notify(store, { kind: 'error', key: 'message.failedToSetLanguage' });
    }
  };
  const changeNotification = async (name: 'notify' | NotificationSwitch, enabled: boolean) => {
    setPushRefused(false);
    try {
      if (name === 'notify' && enabled) {
        // Undefined when the browser or the player refused; a failure when allowed push could not be set up.
        const subscription = settings?.webpush ? await subscribeToPush(settings.webpush.publicKey).catch(() => 'failed' as const) : undefined;
        if (subscription === 'failed') return notify(store, { kind: 'error', key: 'message.failedToSaveNotifications' });
        // The switch stays off: the player is told why instead of seeing it flip back silently.
        if (!subscription) return setPushRefused(true);
        setUser(await api.saveNotification({ notify: true, subscription: subscription as never, language: user.language }));
      } else {
        setUser(await api.saveNotification({ [name]: enabled }));
      }
    } catch {
      notify(store, { kind: 'error', key: 'message.failedToSaveNotifications' });
    }
  };
  const logout = async () => {
    const token = localStorage.getItem('token');
    // Forgotten here first: the server's word that the session ended (it closes the live channel,
    // often before it answers) is then this logout's own, not news to warn of.
    forgetSession(store);
    void navigate({ to: '/login' });
    if (token) await api.logout({ token }).catch(() => undefined);
  };
  const removeAccount = async () => {
    if (await deleteAccount(store)) void navigate({ to: '/login' });
  };

  return (
    <Settings
      login={user.login}
      notifications={user}
      pushRefused={pushRefused}
      pushAvailable={pushAvailable(Boolean(settings?.webpush))}
      theme={user.theme}
      language={user.language}
      ownsGroupsWithOthers={createdGroupWithOthers(groups, user.login)}
      onNotificationChange={(name, enabled) => void changeNotification(name, enabled)}
      mailReminders={<MailReminderSetting />}
      onThemeChange={(theme) => void changeTheme(theme)}
      onLanguageChange={(language) => void changeLanguage(language)}
      onLogout={() => void logout()}
      onDeleteAccount={() => void removeAccount()}
    />
  );
}
