import type { Score } from './types.js';

// The convention here: validateX gives an error code or undefined; isX a boolean; parseX the value
// or undefined; normalizeX the value as it is stored. Lengths count characters (Unicode code
// points, as PostgreSQL's varchar does), never UTF-16 units: an emoji is one character.

/** The number of characters (Unicode code points) of a text. */
function lengthOf(text: string): number {
  let length = 0;
  for (const _ of text) length++;
  return length;
}

/**
 * Group and player names are at most this many characters long.
 * @example
 * validateName('😀'.repeat(MAX_NAME_LENGTH)) // => undefined
 */
export const MAX_NAME_LENGTH = 24;
/**
 * A new password has at least this many characters.
 * @example
 * validatePassword('Abc!5') // => 'passwordTooShort'
 */
export const MIN_PASSWORD_LENGTH = 6;
/**
 * The symbols of which a password needs at least one.
 * @example
 * PASSWORD_SPECIAL_CHARACTERS.includes('€') // => true
 */
export const PASSWORD_SPECIAL_CHARACTERS = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~§€°';

/**
 * What {@link validateName} finds wrong with a name.
 * @example
 * const error: NameError | undefined = validateName('');
 * error // => 'required'
 */
export type NameError = 'required' | 'tooLong' | 'invalidCharacters' | 'mixedScripts';
/**
 * What {@link validateEmail} finds wrong with an e-mail address.
 * @example
 * const error: EmailError | undefined = validateEmail('ann');
 * error // => 'emailInvalid'
 */
export type EmailError = 'emailInvalid';
/**
 * What {@link validatePassword} finds wrong with a new password.
 * @example
 * const error: PasswordError | undefined = validatePassword('secret!');
 * error // => 'passwordInvalid'
 */
export type PasswordError = 'passwordTooShort' | 'passwordInvalid' | 'passwordsMismatch';
/**
 * What {@link validatePointValue} finds wrong with a point field's text.
 * @example
 * const error: PointValueError | undefined = validatePointValue('0');
 * error // => 'pointValueInvalid'
 */
export type PointValueError = 'pointValueInvalid';

// Emoji sequences keep what draws them: skin tones, the emoji presentation selector, the tags of a
// flag like Scotland's, and zero-width joiners between pictographs. (Split on, not replaced: a
// global pattern would carry its last index from call to call.)
const EMOJI = /\p{Extended_Pictographic}[\p{Emoji_Modifier}\ufe0f\u{e0020}-\u{e007f}]*(?:\u200d\p{Extended_Pictographic}[\p{Emoji_Modifier}\ufe0f\u{e0020}-\u{e007f}]*)*/u;
// Elsewhere: control characters (NUL included), halves of a surrogate pair, line and paragraph
// separators, and every character drawn as nothing (Unicode's default-ignorable ones: zero-width
// spaces and joiners, direction marks and overrides, variation selectors, Hangul fillers, soft
// hyphen, byte order mark; and the blank Braille pattern), every other format character (drawn as
// nothing or as a sign of its own), private-use and unassigned code points and noncharacters (a
// box, or nothing, in every font). They make one name look like another or like none: no name a
// person means, and not what a database should hold.
const UNTYPABLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u2800]/u;
// A combining mark (an accent) first has no letter to sit on: alone it draws a name as blank.
const STARTS_WITH_MARK = /^\p{M}/u;
// More than three marks on one letter are no language's spelling (Thai and Hebrew stack up to
// three): a tower of accents drawn over the names above and below it in a ranking.
const STACKED_MARKS = /\p{M}{4}/u;
// The alphabets whose letters look alike (Latin A, Greek Α, Cyrillic А): mixed in one word, they
// make a second "Alice" no reader can tell from the first. Words of different alphabets are fine.
const LOOK_ALIKE_ALPHABETS = [/\p{Script=Latin}/u, /\p{Script=Greek}/u, /\p{Script=Cyrillic}/u];
const NOT_A_LETTER = /[^\p{L}\p{M}]+/u;

function mixesAlphabets(word: string): boolean {
  return LOOK_ALIKE_ALPHABETS.filter((alphabet) => alphabet.test(word)).length > 1;
}

/**
 * Checks a group or player name: required (after trimming), at most 24 characters, no control
 * characters nor invisible marks, not beginning with a combining mark nor stacking more than three
 * on a letter, no word mixing Latin, Greek or Cyrillic letters. The name to store is {@link normalizeName} of the text.
 * @example
 * validateName('  ') // => 'required'
 * validateName('Office league') // => undefined
 * validateName('x'.repeat(25)) // => 'tooLong'
 * validateName('Office\u0000') // => 'invalidCharacters'
 * validateName('\u200b') // => 'invalidCharacters'
 * validateName('Bob\u200c') // => 'invalidCharacters'
 * validateName('\u0301') // => 'invalidCharacters'
 * validateName('x\u0301\u0301\u0301\u0301') // => 'invalidCharacters'
 * validateName('Family 👨‍👩‍👧') // => undefined
 * validateName('\u0410lice') // => 'mixedScripts'
 */
export function validateName(text: string): NameError | undefined {
  const name = normalizeName(text);
  if (name.length === 0) return 'required';
  if (UNTYPABLE.test(name.split(EMOJI).join('')) || STARTS_WITH_MARK.test(name) || STACKED_MARKS.test(name)) return 'invalidCharacters';
  if (name.split(NOT_A_LETTER).some(mixesAlphabets)) return 'mixedScripts';
  return lengthOf(name) > MAX_NAME_LENGTH ? 'tooLong' : undefined;
}

/**
 * A name as it is stored: in Unicode's compatibility form (a full-width `Ｂ` is a `B`, so two
 * players cannot tell themselves apart by look-alikes), trimmed.
 * @example
 * normalizeName('  Office league ') // => 'Office league'
 * normalizeName('\uff22ob') // => 'Bob'
 */
export function normalizeName(text: string): string {
  return text.normalize('NFKC').trim();
}

/**
 * The form two names are compared in, for a group's player names and a creator's group names:
 * normalized, spaces run together, and case folded in Unicode (not only A to Z), so `Äsa` and
 * `äsa`, `Straße` and `STRASSE`, `Bob X` and `Bob  X` are one name on every database.
 * @example
 * nameKey('Äsa') === nameKey('äsa') // => true
 * nameKey(' ΣΟΦΊΑ') // => 'σοφία'
 */
export function nameKey(text: string): string {
  // Upper case first joins what lower case alone keeps apart: ß and SS, a final ς and σ, ᾈ and ἀι
  // (the capital ẞ stays itself in upper case, so its ß is spelt out last).
  return normalizeName(text).replace(/\s+/gu, ' ').toUpperCase().toLowerCase().replace(/ß/gu, 'ss').normalize('NFC');
}

/**
 * Checks a point field's text: an integer from 1 to 999 without a leading zero. Its value is then
 * `Number(text)`.
 * @example
 * validatePointValue('25') // => undefined
 * validatePointValue('025') // => 'pointValueInvalid'
 */
export function validatePointValue(text: string): PointValueError | undefined {
  return /^[1-9]\d{0,2}$/.test(text) ? undefined : 'pointValueInvalid';
}

// A plain address: no spaces, no control or invisible characters, and none of the characters of
// display names, groups and quoting (`"Ann" <ann@x.org>`, `a@x.org, b@y.org`), which mailers read as syntax.
const EMAIL = /^[^\s\p{C}@<>,;:"()[\]\\]+@(?:[^\s\p{C}@<>,;:"()[\]\\.]+\.)+[^\s\p{C}@<>,;:"()[\]\\.]{2,}$/u;

/**
 * Checks an e-mail address as a login and mail recipient, in the form {@link normalizeLogin} gives
 * it (which is the login to store): a plain address of at most 254 characters whose domain is a
 * name DNS takes.
 * @example
 * validateEmail(' ann@example.com ') // => undefined
 * validateEmail('j\u00fcrgen@m\u00fcller.de') // => undefined
 * validateEmail('ann@example') // => 'emailInvalid'
 * validateEmail('ann@10.0.0.1') // => 'emailInvalid'
 */
export function validateEmail(text: string): EmailError | undefined {
  const email = normalizeLogin(text);
  if (lengthOf(email) > 254 || !EMAIL.test(email)) return 'emailInvalid';
  // What no mail server takes (RFC 5321, RFC 1035): a name past 64 characters or with a stray dot,
  // a domain label that starts or ends with a hyphen or passes 63 characters.
  const [name = '', domain = ''] = email.split('@');
  const strayDot = name.startsWith('.') || name.endsWith('.') || name.includes('..');
  const labels = domain.split('.');
  const badLabel = labels.some((label) => label.startsWith('-') || label.endsWith('-') || label.length > 63);
  // No name at all: letters the IDNA mapping refused (left beyond ASCII by normalizeLogin), or an
  // address (no top-level domain is all digits), whose other spellings reach the same mailbox.
  const notAName = !/^\p{ASCII}+$/u.test(domain) || /^\d+$/.test(labels.at(-1) ?? '');
  return lengthOf(name) > 64 || strayDot || badLabel || notAName ? 'emailInvalid' : undefined;
}

/**
 * Normalizes a login (an e-mail address) as the login form does: trimmed, in Unicode's
 * compatibility form, lower case, and its domain as DNS names it (IDNA's ASCII form), so an address
 * written with look-alike letters (a full-width `ｅ`) or its domain in Unicode or in punycode is one
 * login: each way made another account, whose mails reached the first one's mailbox.
 * @example
 * normalizeLogin(' Ann@Example.com ') // => 'ann@example.com'
 * normalizeLogin('j\u00f6rg@m\u00fcller.de') // => 'j\u00f6rg@xn--mller-kva.de'
 */
export function normalizeLogin(text: string): string {
  const login = text.trim().normalize('NFKC').toLowerCase();
  const at = login.indexOf('@');
  return at < 0 ? login : login.slice(0, at + 1) + dnsNameOf(login.slice(at + 1));
}

// What a URL would read as more than a host name; such a domain is left for validateEmail.
const NOT_A_HOST = /[\s/?#:@\\[\]%]/u;

/** A domain with letters beyond ASCII in its ASCII form, by the URL parser's IDNA mapping. */
function dnsNameOf(domain: string): string {
  if (/^\p{ASCII}*$/u.test(domain) || NOT_A_HOST.test(domain)) return domain;
  try {
    return new URL(`http://${domain}`).hostname;
  } catch {
    return domain;
  }
}

/**
 * Checks a new password (register, reset, change): at least 6 characters with an uppercase letter,
 * a lowercase letter and a symbol; the repeat, when given, must match.
 * @example
 * validatePassword('Secret!') // => undefined
 * validatePassword('Secret!', 'Secret?') // => 'passwordsMismatch'
 * validatePassword('Ab!😀😀') // => 'passwordTooShort'
 */
export function validatePassword(password: string, repeat?: string): PasswordError | undefined {
  if (lengthOf(password) < MIN_PASSWORD_LENGTH) return 'passwordTooShort';
  const hasSymbol = [...password].some((character) => PASSWORD_SPECIAL_CHARACTERS.includes(character));
  if (!/\p{Lu}/u.test(password) || !/\p{Ll}/u.test(password) || !hasSymbol) return 'passwordInvalid';
  if (repeat !== undefined && repeat !== password) return 'passwordsMismatch';
  return undefined;
}

/**
 * The highest number of goals a prediction may name.
 * @example
 * isGoalCount(MAX_GOALS + 1) // => false
 */
export const MAX_GOALS = 99;

/**
 * Parses the prediction input: two non-negative integers separated by a colon, spaces allowed.
 * @example
 * parsePredictionInput(' 2 : 1 ') // => { homeGoals: 2, awayGoals: 1 }
 * parsePredictionInput('2-1') // => undefined
 */
export function parsePredictionInput(text: string): Score | undefined {
  const match = /^\s*(\d{1,2})\s*:\s*(\d{1,2})\s*$/.exec(text);
  if (!match) return undefined;
  return { homeGoals: Number(match[1]), awayGoals: Number(match[2]) };
}

/**
 * Whether a value is a goal count a prediction may hold: an integer from 0 to {@link MAX_GOALS}.
 * @example
 * isGoalCount(3) // => true
 * isGoalCount(1.5) // => false
 */
export function isGoalCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_GOALS;
}

/**
 * A key press as the prediction input sees it (a DOM `KeyboardEvent` is one).
 * @example
 * const paste: KeyPress = { key: 'v', metaKey: true };
 * acceptsPredictionKey(paste, '') // => true
 */
export type KeyPress = { key: string; ctrlKey?: boolean; metaKey?: boolean };

/**
 * Whether the prediction input accepts a key press: digits, one colon, Space, editing and
 * navigation keys (Backspace, Delete, the arrows, Home, End, Tab, Enter, Escape), and with Ctrl or
 * Cmd select-all, copy, cut, paste, undo and redo. Every other key is blocked. A colon is accepted
 * only when the value has none outside the selected text it replaces.
 * @example
 * acceptsPredictionKey({ key: '7' }, '') // => true
 * acceptsPredictionKey({ key: ':' }, '2:') // => false
 * acceptsPredictionKey({ key: ':' }, '2:1', '2:1') // => true
 * acceptsPredictionKey({ key: 'v', ctrlKey: true }, '2:1') // => true
 * acceptsPredictionKey({ key: 'Home' }, '2:1') // => true
 * acceptsPredictionKey({ key: 'a' }, '2:1') // => false
 */
export function acceptsPredictionKey(event: KeyPress, value: string, selectedText = ''): boolean {
  if (event.ctrlKey || event.metaKey) return ['a', 'c', 'x', 'v', 'z', 'y'].includes(event.key.toLowerCase());
  if (/^\d$/.test(event.key)) return true;
  if (event.key === ':') return !value.includes(':') || selectedText.includes(':');
  switch (event.key) {
    case ' ':
    case 'Backspace':
    case 'Delete':
    case 'ArrowLeft':
    case 'ArrowRight':
    case 'ArrowUp':
    case 'ArrowDown':
    case 'Home':
    case 'End':
    case 'Tab':
    case 'Enter':
    case 'Escape':
      return true;
    default:
      return false;
  }
}

/**
 * What a key types into the prediction input: the dash types the colon (2-1 is how many write a
 * score), every other key itself. Whether it is accepted is {@link acceptsPredictionKey}'s, for
 * the character typed.
 * @example
 * predictionKeyText('-') // => ':'
 * predictionKeyText('7') // => '7'
 */
export function predictionKeyText(key: string): string {
  return key === '-' ? ':' : key;
}

/**
 * One step of a goal arrow: never below 0, and a first prediction (none saved yet) only goes up,
 * starting from 0:0.
 * @example
 * stepGoals(undefined, 'home', 1) // => { homeGoals: 1, awayGoals: 0 }
 * stepGoals(undefined, 'away', -1) // => undefined
 * stepGoals({ homeGoals: 0, awayGoals: 2 }, 'home', -1) // => { homeGoals: 0, awayGoals: 2 }
 */
export function stepGoals(current: Score | undefined, side: 'home' | 'away', delta: 1 | -1): Score | undefined {
  if (!current && delta < 0) return undefined;
  const score = current ?? { homeGoals: 0, awayGoals: 0 };
  const key = side === 'home' ? 'homeGoals' : 'awayGoals';
  const goals = score[key] + delta;
  if (goals < 0 || goals > MAX_GOALS) return current;
  return { ...score, [key]: goals };
}
