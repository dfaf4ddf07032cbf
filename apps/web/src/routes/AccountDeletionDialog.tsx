import { useNavigate } from '@tanstack/react-router';
import { useAtom, useAtomValue, useStore } from 'jotai';
import { useTranslation } from 'react-i18next';
import { ConfirmAction, Popup } from '@scorecast/ui';
import { createdGroupWithOthers } from '@scorecast/rules';
import { accountDeletionAtom, deleteAccount } from '../state/account';
import { groupsAtom, userAtom } from '../state/session.atoms';

/** The deletion dialog a mailed delete-account link opens over the dashboard: two confirmations, as in the settings. */
export function AccountDeletionDialog() {
  const store = useStore();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useAtom(accountDeletionAtom);
  const groups = useAtomValue(groupsAtom);
  const login = useAtomValue(userAtom)?.login;
  if (!open || !login) return null;

  const close = () => setOpen(false);
  const remove = async () => {
    close();
    if (await deleteAccount(store)) void navigate({ to: '/login' });
  };
  return (
    <Popup kind="warning" title={t('settings.deleteAccount')} buttons={[{ label: t('popup.close'), onClick: close, variant: 'secondary' }]} onClose={close}>
      {createdGroupWithOthers(groups, login) && <p role="note">{t('settings.ownGroupsWarning')}</p>}
      <ConfirmAction confirmations={[t('settings.confirmDeleteAccount'), t('settings.confirmDeleteAccountAgain')]} actionLabel={t('settings.deleteAccount')} onConfirm={() => void remove()} />
    </Popup>
  );
}
