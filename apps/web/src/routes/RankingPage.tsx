import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useAtomValue, useStore } from 'jotai';
import { useTranslation } from 'react-i18next';
import { competitionOf, hasRoom, isCompetitionFinished, isCompetitionStarted, isGroupCreator, yearOf } from '@scorecast/rules';
import { GroupActions, INVITE_ANCHOR, InviteBlock, RankingList } from '@scorecast/ui';
import { isApiError } from '@scorecast/api-client';
import { api } from '../api';
import { RuleChangesSection } from './changes/RuleChangesSection';
import { ShareStandingsSection } from './changes/ShareStandingsSection';
import { EnlargeGroupBlock } from './EnlargeGroupBlock';
import { notify } from '../state/notice.atoms';
import { oneAtATime } from '../state/oneAtATime';
import { useNameCheck } from '../state/nameCheck';
import { dropGroup, gamesAtom, groupsAtom, putGroup, selectedGroupAtom, settingsAtom, userAtom } from '../state/session.atoms';

// Who can still win, matchday winners and the rank history chart load with the ranking, after it.
const RaceSection = lazy(() => import('./race/RaceSection').then((module) => ({ default: module.RaceSection })));

/** The selected group's ranking with invite, edit, delete, leave and create actions. */
export function RankingPage() {
  const store = useStore();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const group = useAtomValue(selectedGroupAtom);
  const groups = useAtomValue(groupsAtom);
  const games = useAtomValue(gamesAtom);
  const settings = useAtomValue(settingsAtom);
  const login = useAtomValue(userAtom)?.login ?? '';
  const [renameError, setRenameError] = useState<string>();
  const checkName = useNameCheck(group?.id, setRenameError);

  // Opened from the dashboard's invite hint: at the invitation, far below the table on a phone.
  const hash = useLocation({ select: (location) => location.hash });
  useEffect(() => {
    if (hash === INVITE_ANCHOR) document.getElementById(INVITE_ANCHOR)?.scrollIntoView({ block: 'start' });
  }, [hash]);

  useEffect(() => {
    if (group) return;
    const timer = setTimeout(() => void navigate({ to: '/group/create' }), 200);
    return () => clearTimeout(timer);
  }, [group, navigate]);
  if (!group) return null;

  const year = group.competitionYear;
  const isCurrentYear = year === settings?.year;
  const gamesOfYear = games.filter((game) => yearOf(game) === year);
  // Friends invited, or places bought, once every game is played would find nothing left to predict.
  const takesPlayers = isCurrentYear && !isCompetitionFinished(gamesOfYear);
  const competitionName = t(`app.competition.${competitionOf(year)}`, { year });
  const isCreator = isGroupCreator(group, login);

  const rename = (name: string) => oneAtATime('renamePlayer', () => renameOnce(name));
  const renameOnce = async (name: string) => {
    try {
      await api.renamePlayer({ groupId: group.id, name });
      putGroup(store, { ...group, players: group.players.map((player) => (player.login === login ? { ...player, name } : player)) });
    } catch (error) {
      // The server's reason (a taken name) says more than 'failed'.
      const reason = isApiError(error) && error.body?.error === 'playerNameTaken' ? 'validation.playerNameTaken' : 'message.failedToRenamePlayer';
      notify(store, { kind: 'error', key: reason });
    }
  };
  const showGroupGone = (key: 'message.groupDeleted' | 'message.groupLeft') => {
    dropGroup(store, group.id);
    notify(store, { kind: 'success', key, values: { group: group.name }, timerMs: 3000 });
    // The next group's ranking shows on the same page: from its top, not where this one was left.
    window.scrollTo(0, 0);
  };
  const remove = () => oneAtATime('deleteGroup', removeOnce);
  const removeOnce = async () => {
    try {
      await api.deleteGroup({ id: group.id });
      showGroupGone('message.groupDeleted');
    } catch {
      notify(store, { kind: 'error', key: 'message.failedToDeleteGroup' });
    }
  };
  const leave = () => oneAtATime('leaveGroup', leaveOnce);
  const leaveOnce = async () => {
    try {
      await api.leaveGroup({ id: group.id });
      showGroupGone('message.groupLeft');
    } catch {
      notify(store, { kind: 'error', key: 'message.failedToLeaveGroup' });
    }
  };
  const full = !hasRoom(group.players.length, group.maxPlayers);

  return (
    <>
      <RankingList
        groupName={group.name}
        competitionName={competitionName}
        players={group.players}
        ownLogin={login}
        maxPlayers={group.maxPlayers}
        isCurrentYear={isCurrentYear}
        competitionStarted={isCompetitionStarted(gamesOfYear)}
        liveGames={gamesOfYear.filter((game) => game.status === 'Live').length}
        onRename={(name) => void rename(name)}
        renameError={renameError}
        onRenameDraftChange={checkName}
      />
      <RuleChangesSection />
      <ShareStandingsSection />
      <Suspense fallback={null}>
        <RaceSection />
      </Suspense>
      {takesPlayers && (
        <>
          <InviteBlock
            groupId={group.id}
            groupName={group.name}
            competitionName={competitionName}
            playerCount={group.players.length}
            maxPlayers={group.maxPlayers}
            origin={location.origin}
            onNativeShare={!full && typeof navigator.share === 'function' && /Android|iPhone|iPad|Windows Phone/.test(navigator.userAgent) ? (text, url) => void navigator.share({ text, url }).catch(() => undefined) : undefined}
          />
          {isCreator && <EnlargeGroupBlock group={group} />}
        </>
      )}
      {isCurrentYear && (
        <GroupActions groupId={group.id} isCreator={isCreator} hasOwnGroup={groups.some((each) => isGroupCreator(each, login))} onDelete={() => void remove()} onLeave={() => void leave()} />
      )}
    </>
  );
}
