import { useEffect } from 'react';
import { Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { isGroupFullError } from '@scorecast/api-client';
import { AppShell, InvitationPopup } from '@scorecast/ui';
import { api } from '../api';
import { AccountDeletionDialog } from './AccountDeletionDialog';
import { useLiveChannel } from '../state/live';
import { notify } from '../state/notice.atoms';
import { groupsAtom, loadSession, noConnectionAtom, putGroup, selectedGroupIdAtom, settingsAtom, store } from '../state/session.atoms';

import { INVITATION_KEY } from '../state/invitation';

/** The logged-in frame: header with the group selector, footer menu, live channel, pending invitation. */
export function AppLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const groups = useAtomValue(groupsAtom);
  const settings = useAtomValue(settingsAtom);
  const noConnection = useAtomValue(noConnectionAtom);
  const selectedGroupId = useAtomValue(selectedGroupIdAtom);
  const setSelectedGroupId = useSetAtom(selectedGroupIdAtom);
  useLiveChannel();

  useEffect(() => {
    const reloadWhenVisible = () => {
      if (document.visibilityState === 'visible') void loadSession();
    };
    document.addEventListener('visibilitychange', reloadWhenVisible);
    return () => document.removeEventListener('visibilitychange', reloadWhenVisible);
  }, []);

  // An invitation opened before logging in waits in session storage until now.
  useEffect(() => {
    const invitation = sessionStorage.getItem(INVITATION_KEY);
    if (!invitation) return;
    sessionStorage.removeItem(INVITATION_KEY);
    void api.announceInvitation({ invitation }).then(loadSession, () => undefined);
  }, []);

  const selectGroup = (groupId: string) => {
    setSelectedGroupId(groupId);
    if (pathname !== '/' && pathname !== '/ranking') void navigate({ to: '/ranking' });
  };

  const invitation = settings?.invitation;
  const dismissInvitation = () => store.set(settingsAtom, settings && { ...settings, invitation: undefined });
  const accept = async (playerName: string) => {
    if (!invitation) return;
    try {
      putGroup(await api.acceptInvitation({ groupId: invitation.groupId, playerName }));
      dismissInvitation();
      void navigate({ to: '/ranking' });
    } catch (error) {
      dismissInvitation();
      notify(isGroupFullError(error) ? { kind: 'error', key: 'message.groupFull' } : { kind: 'error', key: 'message.failedToAcceptInvitation' });
    }
  };

  return (
    <AppShell
      groups={groups.map(({ id, name, competitionYear }) => ({ id, name, competitionYear }))}
      selectedGroupId={selectedGroupId}
      currentYear={settings?.year ?? new Date().getFullYear()}
      currentPath={pathname}
      onSelectGroup={selectGroup}
    >
      {noConnection ? <p role="alert">{t('message.noConnection')}</p> : <Outlet />}
      <AccountDeletionDialog />
      {invitation && <InvitationPopup invitorName={invitation.invitorName} groupName={invitation.groupName} onAccept={(name) => void accept(name)} onRefuse={dismissInvitation} />}
    </AppShell>
  );
}
