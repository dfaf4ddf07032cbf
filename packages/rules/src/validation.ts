import type { Score } from './types.js';

/** Group and player names are at most this long. */
export const MAX_NAME_LENGTH = 24;
export const MIN_PASSWORD_LENGTH = 6;
/** The symbols of which a password needs at least one. */
export const PASSWORD_SPECIAL_CHARACTERS = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~§€°';

export type NameError = 'required' | 'tooLong';
export type EmailError = 'emailInvalid';
export type PasswordError = 'passwordTooShort' | 'passwordInvalid' | 'passwordsMismatch';

/**
 * Checks a group or player name: required (after trimming), at most 24 characters.
 * @example validateName('  ') // 'required'
 * @example validateName('Office league') // undefined
 */
export function validateName(text: string): NameError | undefined {
  const name = text.trim();
  if (name.length === 0) return 'required';
  return [...name].length > MAX_NAME_LENGTH ? 'tooLong' : undefined;
}

/**
 * Whether a point field's text is an integer from 1 to 999 without a leading zero.
 * @example validatePointValue('25') // true
 * @example validatePointValue('025') // false
 */
export function validatePointValue(text: string): boolean {
  return /^[1-9]\d{0,2}$/.test(text);
}

/** Whether a number is a valid point value (an integer from 1 to 999). */
export function isPointValue(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= 999;
}

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[^\s@.]{2,}$/;

/**
 * Checks an e-mail address after trimming.
 * @example validateEmail(' ann@example.com ') // undefined
 * @example validateEmail('ann@example') // 'emailInvalid'
 */
export function validateEmail(text: string): EmailError | undefined {
  const email = text.trim();
  return email.length <= 254 && EMAIL.test(email) ? undefined : 'emailInvalid';
}

/**
 * Normalizes a login as the login form does: trimmed and lower case.
 * @example normalizeLogin(' Ann@Example.com ') // 'ann@example.com'
 */
export function normalizeLogin(text: string): string {
  return text.trim().toLowerCase();
}

/**
 * Checks a new password (register, reset, change): at least 6 characters with an uppercase letter,
 * a lowercase letter and a symbol; the repeat, when given, must match.
 * @example validatePassword('Secret!') // undefined
 * @example validatePassword('Secret!', 'Secret?') // 'passwordsMismatch'
 */
export function validatePassword(password: string, repeat?: string): PasswordError | undefined {
  if (password.length < MIN_PASSWORD_LENGTH) return 'passwordTooShort';
  const hasSymbol = [...password].some((character) => PASSWORD_SPECIAL_CHARACTERS.includes(character));
  if (!/\p{Lu}/u.test(password) || !/\p{Ll}/u.test(password) || !hasSymbol) return 'passwordInvalid';
  if (repeat !== undefined && repeat !== password) return 'passwordsMismatch';
  return undefined;
}

/** The highest number of goals a prediction may name. */
export const MAX_GOALS = 99;

/**
 * Parses the prediction input: two non-negative integers separated by a colon, spaces allowed.
 * @example parsePredictionInput(' 2 : 1 ') // { homeGoals: 2, awayGoals: 1 }
 * @example parsePredictionInput('2-1') // undefined
 */
export function parsePredictionInput(text: string): Score | undefined {
  const match = /^\s*(\d{1,2})\s*:\s*(\d{1,2})\s*$/.exec(text);
  if (!match) return undefined;
  return { homeGoals: Number(match[1]), awayGoals: Number(match[2]) };
}

/** Whether a goal count is one a prediction may hold. */
export function isGoalCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_GOALS;
}

const NAVIGATION_KEYS = new Set(['Backspace', 'Delete', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Tab', 'Enter']);

/**
 * Whether the prediction input accepts a key press: digits, one colon, Backspace, Delete, the arrow
 * keys, Tab, Enter and select-all; every other key is blocked. A colon is accepted only when the
 * value has none outside the selection it replaces.
 * @example acceptsPredictionKey({ key: '7' }, '') // true
 * @example acceptsPredictionKey({ key: ':' }, '2:') // false
 * @example acceptsPredictionKey({ key: 'a', ctrlKey: true }, '2:1') // true
 */
export function acceptsPredictionKey(
  event: { key: string; ctrlKey?: boolean; metaKey?: boolean },
  value: string,
  selectedText = '',
): boolean {
  if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'a') return true;
  if (event.ctrlKey || event.metaKey) return false;
  if (/^\d$/.test(event.key) || NAVIGATION_KEYS.has(event.key)) return true;
  if (event.key === ':') return !value.includes(':') || selectedText.includes(':');
  return false;
}

/**
 * One step of a goal arrow: never below 0, and a first prediction (none saved yet) only goes up,
 * starting from 0:0.
 * @example stepGoals(undefined, 'home', 1) // { homeGoals: 1, awayGoals: 0 }
 * @example stepGoals(undefined, 'away', -1) // undefined
 */
export function stepGoals(current: Score | undefined, side: 'home' | 'away', delta: 1 | -1): Score | undefined {
  if (!current && delta < 0) return undefined;
  const score = current ?? { homeGoals: 0, awayGoals: 0 };
  const key = side === 'home' ? 'homeGoals' : 'awayGoals';
  const goals = score[key] + delta;
  if (goals < 0 || goals > MAX_GOALS) return current;
  return { ...score, [key]: goals };
}
