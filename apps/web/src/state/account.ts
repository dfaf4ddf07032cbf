import { atom } from 'jotai';
import { api } from '../api';
import { notify } from './notice.atoms';
import { clearSession, type AppStore } from './session.atoms';
import { oneAtATime } from './oneAtATime';

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
    notify(store, { kind: 'success', key: 'message.accountDeleted', timerMs: 4000 });
    return true;
  } catch {
    notify(store, { kind: 'error', key: 'message.failedToDeleteAccount' });
    return false;
  }
}
