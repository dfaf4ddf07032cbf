import { useAtomValue, useStore } from 'jotai';
import { MailReminderSwitch } from '@scorecast/ui';
import { api } from '../../api';
import { notify } from '../../state/notice.atoms';
import { userAtom } from '../../state/session.atoms';

/** The reminder mails' switch of the settings; it goes back when the server refuses. */
export function MailReminderSetting() {
  const store = useStore();
  const user = useAtomValue(userAtom);
  if (!user) return null;
  const change = async (notifyByMail: boolean) => {
    store.set(userAtom, { ...user, notifyByMail });
    try {
      store.set(userAtom, await api.saveMailReminders({ notifyByMail }));
    } catch {
      store.set(userAtom, user);
      notify(store, { kind: 'error', key: 'message.failedToSaveMailReminders' });
    }
  };
  return <MailReminderSwitch checked={user.notifyByMail ?? true} onChange={(on) => void change(on)} />;
}
