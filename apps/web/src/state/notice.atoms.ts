import { atom } from 'jotai';
import type { PopupButton, PopupKind } from '@scorecast/ui';
import { store } from './session.atoms';

/** A popup of spec section 8: a locale key (with its values), or a text the server already localized. */
export type Notice = { kind: PopupKind; key: string; values?: Record<string, unknown>; text?: string; timerMs?: number; buttons?: PopupButton[]; extra?: string };
/** A short live message at the bottom of the screen. */
export type LiveToast = { id: number; kind: 'success' | 'error' | 'info'; message: string };

export const noticeAtom = atom<Notice | undefined>(undefined);
export const toastsAtom = atom<LiveToast[]>([]);
export const confettiAtom = atom(0);

let nextToastId = 1;

/** Shows a popup message. */
export function notify(notice: Notice): void {
  store.set(noticeAtom, notice);
}

/** Shows a live toast. */
export function toast(kind: LiveToast['kind'], message: string): void {
  store.set(toastsAtom, [...store.get(toastsAtom), { id: nextToastId++, kind, message }]);
}
