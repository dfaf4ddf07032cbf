import { isApiError, type AnnouncedInvitation } from '@scorecast/api-client';
import { api } from '../api';
import { notify } from './notice.atoms';
import type { AppStore } from './session.atoms';

/** Session-storage key of an invitation opened before logging in. */
export const INVITATION_KEY = 'invitation';

/** Session-storage key of the page a visitor without a session asked for: the login opens it. */
export const AFTER_LOGIN_KEY = 'afterLogin';

/**
 * Tells the server of an invitation link opened (it keeps a logged-in player's), and answers whose
 * group it leads to. A link to a group that is gone (its creator deleted it) is said so and not
 * kept, so that no registration or reset carries it; any other failure is left silent.
 */
export async function announceInvitation(store: AppStore, invitation: string): Promise<AnnouncedInvitation | undefined> {
  try {
    return await api.announceInvitation({ invitation });
  } catch (error) {
    if (isApiError(error) && error.status === 404) {
      sessionStorage.removeItem(INVITATION_KEY);
      notify(store, { kind: 'warning', key: 'message.invitationGone', stays: true });
    }
    return undefined;
  }
}
