import { atom, type createStore } from 'jotai';
import type { Game, Group, Settings, User } from '@scorecast/api-client';
import { api } from '../api';
import { selectGroupId } from './selection';

const SELECTED_GROUP_KEY = 'selectedGroup';

export const userAtom = atom<User | undefined>(undefined);
export const settingsAtom = atom<Settings | undefined>(undefined);
export const groupsAtom = atom<Group[]>([]);
export const gamesAtom = atom<Game[]>([]);
/** Server time minus browser time: the game follows the server's clock (which tests control). */
export const clockOffsetAtom = atom(0);
/** True when settings, groups or games could not be loaded. */
export const noConnectionAtom = atom(false);

const selectedGroupIdBaseAtom = atom<string | undefined>(undefined);
/** The selected group's id, kept in local storage so a reload keeps it. */
export const selectedGroupIdAtom = atom(
  (get) => get(selectedGroupIdBaseAtom),
  (_get, set, id: string | undefined) => {
    set(selectedGroupIdBaseAtom, id);
    if (id) localStorage.setItem(SELECTED_GROUP_KEY, id);
    else localStorage.removeItem(SELECTED_GROUP_KEY);
  },
);
export const selectedGroupAtom = atom((get) => get(groupsAtom).find((group) => group.id === get(selectedGroupIdBaseAtom)));

/**
 * The app's store: main.tsx makes one at start-up and hands it to the Provider and the router's
 * context; a test makes its own.
 */
export type AppStore = ReturnType<typeof createStore>;

/** The server's time now, as the game sees it. */
export function serverNow(store: AppStore): number {
  return Date.now() + store.get(clockOffsetAtom);
}

/**
 * Loads settings, groups, games and the server clock into the store and re-selects the group,
 * preferring the stored one. Sets 'no connection' instead of throwing when the server cannot answer.
 */
export async function loadSession(store: AppStore): Promise<void> {
  // A save, a refused invitation or a live item applied while the answers were on their way is
  // newer than they are: read again rather than put the older answers over it (a few times at most).
  const held = () => [store.get(settingsAtom), store.get(groupsAtom), store.get(gamesAtom)];
  for (let attempt = 1; ; attempt++) {
    const before = held();
    const read = await readSession();
    if (read && attempt < 3 && held().some((value, at) => value !== before[at])) continue;
    if (read) applySession(store, read);
    else store.set(noConnectionAtom, true);
    return;
  }
}

async function readSession() {
  try {
    return await Promise.all([api.settings(), api.groups(), api.games(), api.version()]);
  } catch {
    return undefined;
  }
}

function applySession(store: AppStore, [settings, groups, games, version]: NonNullable<Awaited<ReturnType<typeof readSession>>>): void {
  // A read that brings nothing new (the live channel's connect reads everything again right after
  // the page's first load) keeps the values the page holds, so the page does not render again.
  moveClock(store, Date.parse(version.serverTime) - Date.now());
  if (!isSameValue(settings, store.get(settingsAtom))) store.set(settingsAtom, settings);
  if (!isSameValue(groups, store.get(groupsAtom))) store.set(groupsAtom, groups);
  if (!isSameValue(games, store.get(gamesAtom))) store.set(gamesAtom, games);
  store.set(selectedGroupIdAtom, selectGroupId(groups, localStorage.getItem(SELECTED_GROUP_KEY), settings.year));
  store.set(noConnectionAtom, false);
}

/** Offsets closer than this are the same clock: a request's own delay is no move. */
const CLOCK_TOLERANCE_MS = 1000;

/** Takes a newly measured clock offset when it is a real move of the server clock. */
function moveClock(store: AppStore, offset: number): void {
  if (Math.abs(offset - store.get(clockOffsetAtom)) > CLOCK_TOLERANCE_MS) store.set(clockOffsetAtom, offset);
}

/** Whether two answers of the server hold the same data (plain JSON values). */
export function isSameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && isSameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/**
 * Reads the server's time again: an operator (or a test) may move the server clock while pages are
 * open, and deadlines must follow it without a reload.
 */
export async function syncClock(store: AppStore): Promise<void> {
  const sentAt = Date.now();
  const { serverTime } = await api.version();
  moveClock(store, Date.parse(serverTime) - (sentAt + Date.now()) / 2);
}

/** The first load of the session, kept in the store so it runs once per store. */
const pendingSessionAtom = atom<Promise<void> | undefined>(undefined);

/** Loads the session once (started early at boot, awaited by the route loader); later reloads call loadSession. */
export function ensureSession(store: AppStore): Promise<void> {
  let pending = store.get(pendingSessionAtom);
  if (!pending) store.set(pendingSessionAtom, (pending = loadSession(store)));
  return pending;
}

/** Applies a group the server sent back (created, edited, joined) and selects it. */
export function putGroup(store: AppStore, group: Group): void {
  const groups = store.get(groupsAtom);
  store.set(groupsAtom, groups.some((each) => each.id === group.id) ? groups.map((each) => (each.id === group.id ? group : each)) : [...groups, group]);
  store.set(selectedGroupIdAtom, group.id);
}

/** Removes a group (deleted or left) and falls back to the first one. */
export function dropGroup(store: AppStore, groupId: string): void {
  const groups = store.get(groupsAtom).filter((group) => group.id !== groupId);
  store.set(groupsAtom, groups);
  store.set(selectedGroupIdAtom, selectGroupId(groups, store.get(selectedGroupIdAtom), store.get(settingsAtom)?.year ?? 0));
}

/** Forgets the session after logout or account deletion. */
export function clearSession(store: AppStore): void {
  store.set(pendingSessionAtom, undefined);
  store.set(userAtom, undefined);
  store.set(settingsAtom, undefined);
  store.set(groupsAtom, []);
  store.set(gamesAtom, []);
}
