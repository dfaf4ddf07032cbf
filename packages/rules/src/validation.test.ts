import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  acceptsPredictionKey,
  predictionKeyText,
  hasRoom,
  nameKey,
  MAX_GROUPS_PER_PLAYER,
  mayJoinAnotherGroup,
  isChampionPickRevealed,
  isPredictionRevealed,
  isPredictionVisible,
  normalizeLogin,
  stepGoals,
  upgradeOptions,
  validateEmail,
  normalizeName,
  validateName,
  validatePassword,
  validatePointValue,
} from './index.js';
import { score } from '../test/arbitraries/game.js';

describe('names', () => {
  it.each([
    ['', 'required'],
    ['   ', 'required'],
    ['a'.repeat(24), undefined],
    ['a'.repeat(25), 'tooLong'],
    ['Büro Tippspiel', undefined],
    ['Family 👨‍👩‍👧', undefined],
    ['Office\u0000', 'invalidCharacters'],
    ['Tab\there', 'invalidCharacters'],
    ['Half \ud800', 'invalidCharacters'],
    ['\u200b', 'invalidCharacters'],
    ['a\u202eb', 'invalidCharacters'],
    ['a\u2028b', 'invalidCharacters'],
    ['A\ufeffnn', 'invalidCharacters'],
    // Drawn as nothing: each made a second "Bob" that looked like the first.
    ['Bob\u200c', 'invalidCharacters'],
    ['Bob\u200d', 'invalidCharacters'],
    ['Bo\u034fb', 'invalidCharacters'],
    ['Bob\ufe0f', 'invalidCharacters'],
    ['Bob\u180e', 'invalidCharacters'],
    ['Bob\u115f', 'invalidCharacters'],
    ['\u3164', 'invalidCharacters'],
    ['\u2800', 'invalidCharacters'],
    ['B\u{e0062}ob', 'invalidCharacters'],
    // Drawn as nothing or as a box, and meaning no letter: format characters, private use,
    // unassigned and noncharacters (a fresh attacker's second "Alice" in one group).
    ['Alice\ufff9', 'invalidCharacters'],
    ['Alice\ufffb', 'invalidCharacters'],
    ['Alice\u0600', 'invalidCharacters'],
    ['Alice\ue000', 'invalidCharacters'],
    ['Alice\u{f0000}', 'invalidCharacters'],
    ['Alice\u0378', 'invalidCharacters'],
    ['Alice\ufffe', 'invalidCharacters'],
    ['Alice\ufdd0', 'invalidCharacters'],
    ['Alice\u{13430}', 'invalidCharacters'],
    // A mark with nothing to sit on: a fresh attacker's player showed as a blank name.
    ['\u0301', 'invalidCharacters'],
    ['\u0301Bob', 'invalidCharacters'],
    ['Jose\u0301', undefined],
    // A tower of accents on one letter drew over the rows above and below it (a fresh attacker's 22).
    [`Z${'\u0301'.repeat(22)}`, 'invalidCharacters'],
    ['Box\u0301\u0302\u0303\u0304', 'invalidCharacters'],
    // Up to three marks on a letter are real spellings: Thai tone and vowel marks, Hebrew points.
    ['\u0e01\u0e34\u0e48', undefined],
    ['\u05e9\u05c1\u05bc\u05b8', undefined],
    // Emoji keep what draws them: joiners, the emoji presentation selector, skin tones, flag tags.
    ['\u2764\ufe0f Bob', undefined],
    ['Bob \u{1f44d}\u{1f3fd}', undefined],
    ['\u{1f3f4}\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f} fan', undefined],
    ['\u{1f469}\u200d\u2764\ufe0f\u200d\u{1f468}', undefined],
    // Look-alike letters of another alphabet in a word: a fresh attacker joined as a second and a
    // third "Alice" (a Cyrillic А, a Cyrillic с) beside the first.
    ['\u0410lice', 'mixedScripts'],
    ['Ali\u0441e', 'mixedScripts'],
    ['B\u03bfb', 'mixedScripts'],
    ['\u0410\u043d\u044f', undefined],
    ['\u0391\u03b8\u03ae\u03bd\u03b1', undefined],
    ['Team \u03a9', undefined],
    ['\u03c0-Rates', undefined],
    ['Саша Smith', undefined],
    ['東京 FC', undefined],
  ])('%j is %s', (text, error) => expect(validateName(text)).toBe(error));

  it('stores the compatibility form, so a full-width letter names the same player', () => {
    expect(normalizeName(' \uff22ob ')).toBe('Bob');
    expect(normalizeName('Ｍüller')).toBe('Müller');
  });
});

describe('point values', () => {
  it.each(['1', '9', '10', '999', '120'])('accepts %s', (text) => expect(validatePointValue(text)).toBeUndefined());
  it.each(['', '0', '01', '1000', '-1', '1.5', ' 5', 'x'])('rejects %j', (text) => expect(validatePointValue(text)).toBe('pointValueInvalid'));
  it('accepts exactly the integers from 1 to 999', () => {
    fc.assert(fc.property(fc.integer({ min: -50, max: 1200 }), (n) => (validatePointValue(String(n)) === undefined) === (n >= 1 && n <= 999)));
  });
});

describe('e-mail and login', () => {
  it.each(['ann@example.com', ' ann@example.com ', 'a.b+c@mail.example.de', 'jürgen@müller.de'])('accepts %j', (text) =>
    expect(validateEmail(text)).toBeUndefined(),
  );
  it.each(['', 'ann', 'ann@', '@example.com', 'ann@example', 'ann @example.com', 'ann@exa mple.com', 'a\u0000@x.org', '<svg/onload=x>@example.com', 'Ann <ann@example.com>', '"ann"@example.com', 'ann@example.com,bob@example.com', 'a;b@example.com', 'a\u200b@example.com'])('rejects %j', (text) =>
    expect(validateEmail(text)).toBe('emailInvalid'),
  );
  // Accepted before, though no mail server takes them (RFC 5321, 1035): an attacker's probes.
  it.each(['.ann@example.com', 'ann.@example.com', 'a..b@example.com', `${'a'.repeat(65)}@example.com`, 'ann@-example.com', 'ann@example-.com', 'ann@mail.-x.com'])('rejects %j', (text) =>
    expect(validateEmail(text)).toBe('emailInvalid'),
  );
  it.each([`${'a'.repeat(64)}@example.com`, 'ann@ex-ample.com', 'a.b.c@x-y.example.org'])('still accepts %j', (text) => expect(validateEmail(text)).toBeUndefined());
  // A fresh attacker's second account for one mailbox: an address as a domain (mail went to its
  // other spelling), a domain the IDNA mapping refuses (kept in Unicode beside its punycode), a label
  // longer than DNS takes.
  it.each([
    'bob@10.0.0.10',
    'bob@0xa.0.0.10',
    'bob@\u00fc.10.0.0.10',
    'bob@xn--zz.b\u00fc.de',
    'bob@\u0301\u00fc.de',
    `carl@${'a'.repeat(64)}.de`,
    `bob@${'\u00fc'.repeat(60)}.de`,
  ])('rejects %j: no domain name DNS takes', (text) => expect(validateEmail(text)).toBe('emailInvalid'));
  it('lowercases and trims a login', () => expect(normalizeLogin('  Ann@Example.COM ')).toBe('ann@example.com'));
  // A fresh attacker registered 'twin@ｅxample.com' beside 'twin@example.com': a second account
  // whose mails went to the first one's mailbox. One address has one login, however it is written.
  it.each([
    ['twin@\uff45xample.com', 'twin@example.com'],
    ['\uff54win@example.com', 'twin@example.com'],
    ['twin@ex\u0430mple.com', 'twin@xn--exmple-4nf.com'],
    ['twin@XN--EXMPLE-4NF.com', 'twin@xn--exmple-4nf.com'],
    ['j\u00f6rg@m\u00fcller.de', 'j\u00f6rg@xn--mller-kva.de'],
    ['jo\u0308rg@mu\u0308ller.de', 'j\u00f6rg@xn--mller-kva.de'],
  ])('writes %j as the login %j', (text, login) => {
    expect(normalizeLogin(text)).toBe(login);
    expect(validateEmail(normalizeLogin(text))).toBeUndefined();
  });
  it.each(['ann@exa mple.com', 'ann@[::1]', 'ann@'])('leaves %j for validateEmail to refuse', (text) => expect(validateEmail(normalizeLogin(text))).toBe('emailInvalid'));
});

describe('passwords', () => {
  it.each([
    ['Ab!12', undefined, 'passwordTooShort'],
    ['abcdef!', undefined, 'passwordInvalid'],
    ['ABCDEF!', undefined, 'passwordInvalid'],
    ['Abcdefg', undefined, 'passwordInvalid'],
    ['Abcde!', undefined, undefined],
    ['Abcde!', 'Abcde?', 'passwordsMismatch'],
    ['Abcde!', 'Abcde!', undefined],
  ])('%j repeated %j is %s', (password, repeat, error) => expect(validatePassword(password, repeat)).toBe(error));
});

describe('prediction input keys', () => {
  it.each(['0', '5', '9', ' ', 'Backspace', 'Delete', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'Tab', 'Enter', 'Escape'])(
    'accepts %j',
    (key) => expect(acceptsPredictionKey({ key }, '1')).toBe(true),
  );
  it.each(['a', '-', '.', 'e', '+', 'F5', 'Dead'])('blocks %j', (key) => expect(acceptsPredictionKey({ key }, '1')).toBe(false));
  it('accepts a single colon only', () => {
    expect(acceptsPredictionKey({ key: ':' }, '2')).toBe(true);
    expect(acceptsPredictionKey({ key: ':' }, '2:')).toBe(false);
    expect(acceptsPredictionKey({ key: ':' }, '2:1', '2:1')).toBe(true);
  });
  it.each(['a', 'c', 'x', 'v', 'z', 'y', 'Z'])('accepts select-all, copy, cut, paste, undo and redo (%s) with Ctrl or Cmd', (key) => {
    expect(acceptsPredictionKey({ key, ctrlKey: true }, '2:1')).toBe(true);
    expect(acceptsPredictionKey({ key, metaKey: true }, '2:1')).toBe(true);
  });
  it('types the colon with the dash, and every other key as itself', () => {
    expect(predictionKeyText('-')).toBe(':');
    expect(['7', ':', '.', 'a', 'Backspace'].map(predictionKeyText)).toEqual(['7', ':', '.', 'a', 'Backspace']);
  });
  it.each(['p', 's', '1'])('blocks other shortcuts (%s)', (key) => expect(acceptsPredictionKey({ key, ctrlKey: true }, '2:1')).toBe(false));
});

describe('goal arrows', () => {
  it('a first prediction only goes up', () => {
    expect(stepGoals(undefined, 'home', -1)).toBeUndefined();
    expect(stepGoals(undefined, 'away', 1)).toEqual({ homeGoals: 0, awayGoals: 1 });
  });
  it('never go below 0', () => {
    fc.assert(
      fc.property(score, fc.constantFrom('home' as const, 'away' as const), fc.constantFrom(1 as const, -1 as const), (current, side, delta) => {
        const next = stepGoals(current, side, delta)!;
        expect(next.homeGoals).toBeGreaterThanOrEqual(0);
        expect(next.awayGoals).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('visibility of predictions (spec section 6)', () => {
  const base = { own: false, started: true, isCurrentGame: false, showAll: false, accuracy: 'trend' as const };
  it.each([
    [10, false, true],
    [11, false, false],
    [11, true, true],
    [30, true, true],
    [31, true, false],
  ])('with %i players, current game %s: visible %s', (playerCount, isCurrentGame, visible) =>
    expect(isPredictionVisible({ ...base, playerCount, isCurrentGame })).toBe(visible),
  );
  it('shows exact predictions and everything after show all', () => {
    expect(isPredictionVisible({ ...base, playerCount: 31, accuracy: 'exact' })).toBe(true);
    expect(isPredictionVisible({ ...base, playerCount: 31, showAll: true })).toBe(true);
  });
  const input = fc.record({
    own: fc.boolean(),
    started: fc.boolean(),
    playerCount: fc.integer({ min: 1, max: 100 }),
    isCurrentGame: fc.boolean(),
    showAll: fc.boolean(),
    accuracy: fc.constantFrom('exact' as const, 'exactTrend' as const, 'trend' as const, 'wrong' as const, undefined),
  });
  it("another player's prediction of an unstarted game is never visible, whatever the group size", () => {
    fc.assert(fc.property(input, (x) => !isPredictionVisible({ ...x, own: false, started: false })));
    expect(isPredictionVisible({ ...base, started: false, playerCount: 5 })).toBe(false);
  });
  it('own predictions are always visible', () => {
    fc.assert(fc.property(input, (x) => isPredictionVisible({ ...x, own: true })));
  });
  it('only a prediction a player may receive is ever shown', () => {
    fc.assert(fc.property(input, (x) => !isPredictionVisible(x) || isPredictionRevealed(x)));
  });
  it("another player's champion pick is received once the competition started, the own always", () => {
    expect(isChampionPickRevealed({ own: false, competitionStarted: false })).toBe(false);
    expect(isChampionPickRevealed({ own: false, competitionStarted: true })).toBe(true);
    expect(isChampionPickRevealed({ own: true, competitionStarted: false })).toBe(true);
  });
  it('a larger group never reveals more', () => {
    fc.assert(
      fc.property(input, fc.integer({ min: 0, max: 50 }), (x, more) =>
        !isPredictionVisible({ ...x, playerCount: x.playerCount + more }) || isPredictionVisible(x),
      ),
    );
  });
});

describe('upgrades (spec section 9)', () => {
  it.each([
    [10, [['tip_group_10_to_20', 20, 5], ['tip_group_10_to_50', 50, 10], ['tip_group_10_to_unlimited', undefined, 20]]],
    [19, [['tip_group_10_to_20', 20, 5], ['tip_group_10_to_50', 50, 10], ['tip_group_10_to_unlimited', undefined, 20]]],
    [20, [['tip_group_20_to_50', 50, 5], ['tip_group_20_to_unlimited', undefined, 15]]],
    [49, [['tip_group_20_to_50', 50, 5], ['tip_group_20_to_unlimited', undefined, 15]]],
    [50, [['tip_group_50_to_unlimited', undefined, 10]]],
  ])('a cap of %i offers %j', (cap, options) =>
    expect(upgradeOptions(cap).map((option) => [option.productId, option.maxPlayers, option.amount])).toEqual(options),
  );
  it('an unlimited group gets no option', () => expect(upgradeOptions(undefined)).toEqual([]));
  it('every option raises the cap and costs more than 0', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), (cap) => {
        for (const option of upgradeOptions(cap)) {
          expect(option.amount).toBeGreaterThan(0);
          expect(option.maxPlayers === undefined || option.maxPlayers > cap).toBe(true);
        }
      }),
    );
  });
  it('a full group has no room', () => {
    expect(hasRoom(9, 10)).toBe(true);
    expect(hasRoom(10, 10)).toBe(false);
    expect(hasRoom(500, undefined)).toBe(true);
  });
  it('compares names with Unicode case aside, not only A to Z', () => {
    const sameNames = [
      ['Äsa', 'äsa'],
      ['Σοφία', 'σοφία'],
      ['ẞtraße', 'ßtraße'],
      ['\uff22ob', 'bob'],
      [' Ann ', 'ANN'],
      ['ΟΔΟΣ', 'οδοσ'],
      ['Straße', 'STRASSE'],
      ['ᾈ', 'ἀι'],
      ['Bob X', 'Bob  X'],
    ] as const;
    for (const [a, b] of sameNames) expect(nameKey(a), a).toBe(nameKey(b));
    expect(nameKey('Ann')).not.toBe(nameKey('Anna'));
  });
  it('a player in the most groups of a tournament joins no more', () => {
    expect(mayJoinAnotherGroup(MAX_GROUPS_PER_PLAYER - 1)).toBe(true);
    expect(mayJoinAnotherGroup(MAX_GROUPS_PER_PLAYER)).toBe(false);
  });
});
