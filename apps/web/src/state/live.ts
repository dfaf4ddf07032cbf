import { useEffect, useRef } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { atom, useAtomValue, useStore } from 'jotai';
import { isUnauthorizedError, mergeLiveUpdates, type Game, type LiveEvent, type LiveUpdate } from '@scorecast/api-client';
import type { LiveChannel, LiveChannelOptions, SessionEnd } from '@scorecast/api-client/live';
import { accuracyOf, resultOf } from '@scorecast/rules';
import { useLiveMessages } from '@scorecast/ui';
import { api } from '../api';
import { forgetSession, refreshSession } from './account';
import { ACCOUNT_DELETED, confettiAtom, notify, SESSION_ENDED, toast, type LiveMessages } from './notice.atoms';
import { gamesAtom, groupsAtom, selectedGroupIdAtom, settingsAtom, userAtom, type AppStore } from './session.atoms';
import { selectGroupId } from './selection';

/** The own prediction of a game, read from any of the player's groups (a prediction is per player, not per group). */
export function ownPredictionOf(store: AppStore, gameId: number) {
  const login = store.get(userAtom)?.login;
  for (const group of store.get(groupsAtom)) {
    const prediction = group.players.find((player) => player.login === login)?.predictions.find((each) => each.gameId === gameId);
    if (prediction) return prediction;
  }
  return undefined;
}

/**
 * How the app makes its live channel: the real one, whose code (and @microsoft/signalr) loads after
 * the first paint, so the page does not wait for it. Component tests put a stand-in in their store.
 */
export const liveChannelMakerAtom = atom({
  make: async (options: LiveChannelOptions): Promise<LiveChannel> => (await import('@scorecast/api-client/live')).createLiveChannel(options),
});

/** Whether the live channel has been down for a while: what is on screen may be behind. */
export const livePausedAtom = atom(false);

// A reconnect within this long goes unmentioned: a phone switching networks should not flash a warning.
const PAUSED_AFTER_MS = 5_000;

/** Opens the /notify channel while the player is logged in and merges every update into the atoms. */
export function useLiveChannel(): void {
  const store = useStore();
  const { make } = useAtomValue(liveChannelMakerAtom);
  const messages = useLiveMessages();
  const messagesRef = useRef(messages);
  messagesRef.current = messages;
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  useEffect(() => {
    const tell = (event: LiveEvent) => {
      if (event.kind === 'gameStarted') toast(store, 'info', (text) => text.gameStarted(event.game), `game-${event.game.id}`);
      if (event.kind === 'newGameScore') toast(store, 'success', (text) => text.newGameScore(event.game), `game-${event.game.id}`);
      if (event.kind === 'playerJoined') toast(store, 'success', (text) => text.playerJoined(event.name));
      if (event.kind === 'playerLeft') toast(store, 'error', (text) => text.playerLeft(event.name));
      // A group gone without a word left the player wondering where it went.
      if (event.kind === 'groupGone') toast(store, 'info', (text) => text.groupGone(event.name, event.deleted));
      if (event.kind === 'gameFinished') celebrateFinished(store, event.game, messagesRef.current.gameFinished);
    };
    const onUpdates = (updates: LiveUpdate[]) => {
      const login = store.get(userAtom)?.login ?? '';
      const merged = mergeLiveUpdates({ games: store.get(gamesAtom), groups: store.get(groupsAtom) }, updates, login);
      store.set(gamesAtom, merged.games);
      store.set(groupsAtom, merged.groups);
      const selected = store.get(selectedGroupIdAtom);
      if (!merged.groups.some((group) => group.id === selected)) store.set(selectedGroupIdAtom, selectGroupId(merged.groups, selected, store.get(settingsAtom)?.year ?? 0));
      merged.events.forEach(tell);
    };
    let live: LiveChannel | undefined;
    let left = false;
    let pausing: ReturnType<typeof setTimeout> | undefined;
    const pauseSoon = () => {
      clearTimeout(pausing);
      pausing = setTimeout(() => store.set(livePausedAtom, true), PAUSED_AFTER_MS);
    };
    pauseSoon();
    let connected = false;
    // The browser knows it is offline long before the channel notices (its timeout): said at once.
    const onOffline = () => {
      clearTimeout(pausing);
      store.set(livePausedAtom, true);
    };
    const onOnline = () => connected && store.set(livePausedAtom, false);
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
    const onConnectionId = (id: string | undefined) => {
      api.setConnectionId(id);
      connected = id !== undefined;
      if (!id) {
        pauseSoon();
        return;
      }
      clearTimeout(pausing);
      store.set(livePausedAtom, false);
      // The channel sends changes only: on every connect and reconnect the player reads
      // everything again, so nothing missed before or while away is lost. A game that finished
      // meanwhile is told as if it had come live: back online, a player never heard her result.
      const held = store.get(gamesAtom);
      void refreshSession(store).then(() => {
        for (const game of store.get(gamesAtom)) {
          const before = held.find((each) => each.id === game.id);
          if (before && before.status !== 'Finished' && game.status === 'Finished') tell({ kind: 'gameFinished', game });
        }
      });
    };
    // The password was changed, the player logged out or deleted the account elsewhere: this page's session is gone too.
    const onSessionEnded = (why: SessionEnd) => {
      // No token held: this page logged out itself, and the end is no news.
      const endedHere = !localStorage.getItem('token');
      forgetSession(store);
      if (!endedHere) notify(store, why === 'accountDeleted' ? ACCOUNT_DELETED : SESSION_ENDED);
      void navigateRef.current({ to: '/login' });
    };
    const sessionHolds = () => api.auth().then(() => true, (error: unknown) => !isUnauthorizedError(error));
    void make({ baseUrl: '/', onUpdates, onConnectionId, onSessionEnded, sessionHolds }).then((channel) => {
      if (left) return;
      live = channel;
      void live.start();
    });
    return () => {
      left = true;
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
      clearTimeout(pausing);
      store.set(livePausedAtom, false);
      api.setConnectionId(undefined);
      void live?.stop();
    };
  }, [store, make]);
}

function celebrateFinished(store: AppStore, game: Game, gameFinished: ReturnType<typeof useLiveMessages>['gameFinished']): void {
  const own = ownPredictionOf(store, game.id);
  const result = resultOf(game);
  const accuracy = own && result ? accuracyOf(own, result) : undefined;
  // Whether to celebrate is the same in any language; the words are said when the toast shows.
  const { celebrate } = gameFinished(game, accuracy);
  const say = (text: LiveMessages) => {
    const finished = text.gameFinished(game, accuracy);
    return `${finished.result} ${finished.ownPrediction}`;
  };
  toast(store, celebrate ? 'success' : 'info', say, `game-${game.id}`);
  if (celebrate) store.set(confettiAtom, store.get(confettiAtom) + 1);
}
