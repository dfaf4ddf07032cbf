import { atom } from 'jotai';
import { isUnauthorizedError } from '@scorecast/api-client';
import { api } from '../api';
import { ACCOUNT_DELETED, notify, SESSION_ENDED } from './notice.atoms';
import { clearSession, ensureSession, loadSession, userAtom, type AppStore } from './session.atoms';
import { oneAtATime } from './oneAtATime';

/**
 * True while the page holds a token the server could not be asked about (it was out of reach when
 * the page opened): the login screen offers to try again instead of asking to log in.
 */
export const unconfirmedSessionAtom = atom(false);

/** Restores the session from the stored token; a refused token is forgotten, one that could not be checked is kept. */
export async function restoreSession(store: AppStore): Promise<void> {
  if (!localStorage.getItem('token')) return;
  try {
    // Settings, groups and games load alongside the auth check: the dashboard needs them at once.
    const session = ensureSession(store);
    store.set(userAtom, (await api.auth()).user);
    store.set(unconfirmedSessionAtom, false);
    await session;
  } catch (error) {
    if (isUnauthorizedError(error)) {
      localStorage.removeItem('token');
      // Not a login page out of nowhere: the player learns why.
      notify(store, SESSION_ENDED);
    }
    store.set(unconfirmedSessionAtom, !isUnauthorizedError(error) && !store.get(userAtom));
  }
}

/** Reads settings, groups and games again; a session held without the server's word is checked first. */
export async function refreshSession(store: AppStore): Promise<void> {
  await (store.get(userAtom) ? loadSession(store) : restoreSession(store));
}

/** Open while a mailed delete-account link asks the player to confirm on the dashboard (spec section 4). */
export const accountDeletionAtom = atom(false);

/** Forgets the stored token and everything the session loaded, as a logout does. */
export function forgetSession(store: AppStore): void {
  localStorage.removeItem('token');
  clearSession(store);
}

/** Deletes the account, logs out and tells the player; true when it is gone. */
export function deleteAccount(store: AppStore): Promise<boolean> {
  return oneAtATime('deleteAccount', () => deleteAccountOnce(store));
}

async function deleteAccountOnce(store: AppStore): Promise<boolean> {
  try {
    await api.deleteAccount();
    forgetSession(store);
    notify(store, ACCOUNT_DELETED);
    return true;
  } catch {
    notify(store, { kind: 'error', key: 'message.failedToDeleteAccount' });
    return false;
  }
}
