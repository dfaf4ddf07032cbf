import { atom } from 'jotai';
import { MAX_GROUPS_PER_PLAYER } from '@scorecast/rules';
import type { PopupButton, PopupKind, useLiveMessages } from '@scorecast/ui';
import type { AppStore } from './session.atoms';

/**
 * A popup of spec section 8: a locale key (with its values), or a text the server already localized.
 * It closes itself after `timerMs` (2 s unless it offers buttons or says `stays`).
 */
export type Notice = { kind: PopupKind; key: string; values?: Record<string, unknown>; text?: string; timerMs?: number; buttons?: PopupButton[]; extra?: string; stays?: boolean };
/** The live messages in the reader's language. */
export type LiveMessages = ReturnType<typeof useLiveMessages>;
/**
 * A short live message at the bottom of the screen. Said when shown, in the language of the moment:
 * made when it came, it went on in English after the player switched to German.
 */
export type LiveToast = { id: number; kind: 'success' | 'error' | 'info'; say: (text: LiveMessages) => string; about?: string | undefined };

export const noticeAtom = atom<Notice | undefined>(undefined);
/** Messages that close themselves, waiting behind one the player closes (see {@link notify}). */
const waitingAtom = atom<Notice[]>([]);
export const toastsAtom = atom<LiveToast[]>([]);
/** The phone's full-screen score picker is open: live toasts wait until it closes rather than lie over it. */
export const pickerOpenAtom = atom(false);
export const confettiAtom = atom(0);

let nextToastId = 1;

/** Creating or joining one more group was refused: the player already plays in the most. */
export const TOO_MANY_GROUPS: Notice = { kind: 'error', key: 'message.tooManyGroups', values: { count: MAX_GROUPS_PER_PLAYER }, stays: true };

/** The session ended elsewhere (password changed, long unused): said until the player closes it. */
export const SESSION_ENDED: Notice = { kind: 'warning', key: 'message.sessionEnded', stays: true };
/** The account was deleted (here, or in another tab). */
export const ACCOUNT_DELETED: Notice = { kind: 'success', key: 'message.accountDeleted', timerMs: 4000 };
/** No mail can go now: four lines on a German phone, so it stays until closed. */
export const MAIL_UNAVAILABLE: Notice = { kind: 'error', key: 'message.mailUnavailable', stays: true };
/** A reminder's link opened after its games kicked off: read before the player logs in, so it stays. */
export const REMINDER_LINK_EXPIRED: Notice = { kind: 'error', key: 'message.reminderLinkExpired', stays: true };

/** Spec sections 8 and 9: success and error popups are shown for 2 seconds. */
export const NOTICE_MS = 2000;

/**
 * Shows a popup message; one that asks nothing of the player closes itself. Such a message never
 * takes the place of one the player has to close: it waits behind it (a mailed link's 'account
 * activated' hid that the group of its invitation was gone).
 */
export function notify(store: AppStore, notice: Notice): void {
  const closesItself = notice.timerMs === undefined && !notice.buttons && !notice.stays && notice.kind !== 'question' && notice.kind !== 'loader';
  const shown = closesItself ? { ...notice, timerMs: NOTICE_MS } : notice;
  if (closesItself && store.get(noticeAtom)?.stays) store.set(waitingAtom, [...store.get(waitingAtom), shown]);
  else store.set(noticeAtom, shown);
}

/** Closes the message shown; the next one waiting, if any, shows. */
export function closeNotice(store: AppStore): void {
  const [next, ...later] = store.get(waitingAtom);
  store.set(waitingAtom, later);
  store.set(noticeAtom, next);
}

/**
 * Shows a live toast. One `about` the same thing (a game) replaces the one before: three goals of a
 * game stacked three toasts over half a phone's screen.
 */
export function toast(store: AppStore, kind: LiveToast['kind'], say: LiveToast['say'], about?: string): void {
  const others = about === undefined ? store.get(toastsAtom) : store.get(toastsAtom).filter((each) => each.about !== about);
  store.set(toastsAtom, [...others, { id: nextToastId++, kind, say, about }]);
}
