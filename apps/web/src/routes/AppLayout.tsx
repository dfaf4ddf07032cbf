import { useEffect, useState } from 'react';
import { Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { isApiError, isGroupFullError, isTooManyGroupsError } from '@scorecast/api-client';
import { AppShell, InvitationPopup, LivePaused, NoConnection } from '@scorecast/ui';
import { api } from '../api';
import { AccountDeletionDialog } from './AccountDeletionDialog';
import { useCloseOnBack } from './closeOnBack';
import { livePausedAtom, useLiveChannel } from '../state/live';
import { noticeAtom, notify, TOO_MANY_GROUPS } from '../state/notice.atoms';
import { accountDeletionAtom, refreshSession, unconfirmedSessionAtom } from '../state/account';
import { useNameCheck } from '../state/nameCheck';
import { groupsAtom, loadSession, noConnectionAtom, type AppStore, putGroup, selectedGroupIdAtom, settingsAtom, syncClock, userAtom } from '../state/session.atoms';

import { announceInvitation, INVITATION_KEY } from '../state/invitation';
import { oneAtATime } from '../state/oneAtATime';
import { retryWithBackoff } from '../state/retry';

/** How often an open page reads the server's clock again. */
const CLOCK_SYNC_MS = 10_000;

/** Asks the server again; a session it refused goes to the login. Whether the server answered. */
async function reconnect(store: AppStore, navigate: ReturnType<typeof useNavigate>): Promise<boolean> {
  await refreshSession(store);
  if (!store.get(userAtom) && !store.get(unconfirmedSessionAtom)) {
    void navigate({ to: '/login' });
    return true;
  }
  return !store.get(noConnectionAtom) && store.get(userAtom) !== undefined;
}

/** The logged-in frame: header with the group selector, footer menu, live channel, pending invitation. */
export function AppLayout() {
  const store = useStore();
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const groups = useAtomValue(groupsAtom);
  const settings = useAtomValue(settingsAtom);
  const user = useAtomValue(userAtom);
  // Without a player, the session was held while the server could not be asked about it.
  const noConnection = useAtomValue(noConnectionAtom) || !user;
  const livePaused = useAtomValue(livePausedAtom);
  const selectedGroupId = useAtomValue(selectedGroupIdAtom);
  const setSelectedGroupId = useSetAtom(selectedGroupIdAtom);
  const notice = useAtomValue(noticeAtom);
  const deletionOpen = useAtomValue(accountDeletionAtom);
  const [playerNameError, setPlayerNameError] = useState<string>();
  const [retrying, setRetrying] = useState(false);
  const retry = async () => {
    setRetrying(true);
    await reconnect(store, navigate);
    setRetrying(false);
  };
  useLiveChannel();

  // While the app says it has no connection, it asks again by itself, less and less often.
  useEffect(() => (noConnection ? retryWithBackoff(() => reconnect(store, navigate)) : undefined), [noConnection, store, navigate]);

  useEffect(() => {
    const reloadWhenVisible = () => {
      if (document.visibilityState === 'visible') void refreshSession(store);
    };
    document.addEventListener('visibilitychange', reloadWhenVisible);
    // Back online (out of a tunnel): loaded again without the player having to find the button.
    const reloadOnline = () => void reconnect(store, navigate);
    window.addEventListener('online', reloadOnline);
    const clock = setInterval(() => void syncClock(store).catch(() => undefined), CLOCK_SYNC_MS);
    return () => {
      document.removeEventListener('visibilitychange', reloadWhenVisible);
      window.removeEventListener('online', reloadOnline);
      clearInterval(clock);
    };
  }, [store, navigate]);

  // An invitation opened before logging in waits in session storage until now.
  useEffect(() => {
    const invitation = sessionStorage.getItem(INVITATION_KEY);
    if (!invitation) return;
    sessionStorage.removeItem(INVITATION_KEY);
    void announceInvitation(store, invitation).then((announced) => announced && loadSession(store));
  }, [store]);

  const sidebarChange = useCloseOnBack();
  const selectGroup = (groupId: string) => {
    setSelectedGroupId(groupId);
    if (pathname !== '/' && pathname !== '/ranking') void navigate({ to: '/ranking' });
  };

  const invitation = settings?.invitation;
  const dismissInvitation = () => {
    const current = store.get(settingsAtom);
    store.set(settingsAtom, current && { ...current, invitation: undefined });
  };
  const refuse = async () => {
    // Forgotten on the server first: a session read on its way would otherwise bring it back.
    if (invitation) await api.refuseInvitation({ invitation: invitation.groupId }).catch(() => undefined);
    dismissInvitation();
  };
  const accept = (playerName: string) => oneAtATime('acceptInvitation', () => acceptOnce(playerName));
  const acceptOnce = async (playerName: string) => {
    if (!invitation) return;
    try {
      putGroup(store, await api.acceptInvitation({ groupId: invitation.groupId, playerName }));
      dismissInvitation();
      void navigate({ to: '/ranking' });
    } catch (error) {
      if (isApiError(error) && error.body?.error === 'playerNameTaken') return setPlayerNameError('playerNameTaken');
      dismissInvitation();
      if (isGroupFullError(error)) return notify(store, { kind: 'error', key: 'message.groupFull', stays: true });
      if (isTooManyGroupsError(error)) return notify(store, TOO_MANY_GROUPS);
      // Its creator deleted it while the popup was open.
      if (isApiError(error) && error.status === 404) return notify(store, { kind: 'warning', key: 'message.invitationGone', stays: true });
      notify(store, { kind: 'error', key: 'message.failedToAcceptInvitation' });
    }
  };
  const checkPlayerName = useNameCheck(invitation?.groupId, setPlayerNameError);

  return (
    <AppShell
      groups={groups.map(({ id, name, competitionYear }) => ({ id, name, competitionYear }))}
      selectedGroupId={selectedGroupId}
      currentYear={settings?.year ?? new Date().getFullYear()}
      currentPath={pathname}
      onSelectGroup={selectGroup}
      onSidebarChange={sidebarChange}
    >
      {noConnection ? (
        <NoConnection onRetry={() => void retry()} retrying={retrying} />
      ) : (
        <>
          {livePaused && <LivePaused />}
          <Outlet />
        </>
      )}
      <AccountDeletionDialog />
      {/* One dialog at a time: the invitation waits until a message or the deletion dialog is closed. */}
      {invitation && !notice && !deletionOpen && (
        <InvitationPopup
          invitorName={invitation.invitorName}
          groupName={invitation.groupName}
          isFull={invitation.isFull}
          isOver={invitation.isOver}
          playerNameError={playerNameError}
          onNameChange={checkPlayerName}
          onAccept={(name) => void accept(name)}
          onRefuse={() => void refuse()}
          onClose={dismissInvitation}
        />
      )}
    </AppShell>
  );
}
