import { upgradeOptions } from '@scorecast/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import de from '../src/locales/de.json';
import en from '../src/locales/en.json';
import { correctionMail } from '../src/changes/messages.js';
import { linkMail, newsletterMail } from '../src/mail/messages.js';
import { thanksFor } from '../src/payments/options.js';
import { gameFinishedMessage } from '../src/push/messages.js';
import { reminderMail } from '../src/reminders/messages.js';
import { standingsSvg } from '../src/share/standingsSvg.js';
import { readerLanguageOf } from '../src/texts.js';
import { createTexts } from '../src/texts.js';
import { lastLink, mailsIn } from './support/outbox.js';
import { Browser, signUp, startTestServer, type TestServer } from './support/server.js';

/** Every key path of a locale file, `mail.newsletter.footer` and so on. */
function keysOf(messages: object, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) => (typeof value === 'object' && value !== null ? keysOf(value as object, `${prefix}${key}.`) : [`${prefix}${key}`]));
}

describe("the server's locale files", () => {
  it('name the same texts in English and German, so no German player gets an English line', () => {
    expect(keysOf(de).sort()).toEqual(keysOf(en).sort());
  });

  // As in the app's texts: a whole German sentence after a colon starts with a capital. A heading
  // before a colon (a game, then when it moved to) may go on in lower case.
  it('start a German sentence after a colon with a capital', () => {
    const textAt = (path: string) => path.split('.').reduce<unknown>((tree, key) => (tree as Record<string, unknown>)[key], de) as string;
    const fragments = new Set(['push.gameChanged.body']);
    expect(keysOf(de).filter((key) => /:\s+\p{Ll}/u.test(textAt(key)) && !fragments.has(key))).toEqual([]);
  });

  it('are read per server: two servers do not share one i18next state', () => {
    const first = createTexts();
    const second = createTexts();
    expect(first('de')('push.gameStarted.title')).toBe('Anpfiff');
    expect(second('en')('push.gameStarted.title')).toBe('Kick-off');
    expect(first('en')('push.gameStarted.title')).toBe('Kick-off');
  });
});

describe('texts in German', () => {
  const texts = createTexts();

  it('a reset mail says it all in German, with the link in text and HTML', () => {
    const link = 'https://scorecast.test/login?action=reset-password&login=ann%40example.com&password=t';
    const mail = linkMail(texts, 'reset-password', 'de', 'ann@example.com', link);
    expect(mail.subject).toBe('Setze dein Scorecast-Passwort zurück');
    expect(mail.text).toBe(
      'Du möchtest dein Scorecast-Passwort zurücksetzen. Wähle mit diesem Link ein neues:\n\n' +
        `${link}\n\nWenn du das nicht angefordert hast, ignoriere diese Mail: Dein Passwort bleibt unverändert.\n`,
    );
    expect(mail.html).toContain('<a href="https://scorecast.test/login?action=reset-password&amp;login=ann%40example.com&amp;password=t">Passwort zurücksetzen</a>');
  });

  it("a newsletter's footer offers to unsubscribe in German", () => {
    const mail = newsletterMail(texts, 'de', 'ann@example.com', 'Neu', 'Hallo <Welt>', 'https://scorecast.test/u');
    expect(mail.text).toBe('Hallo <Welt>\n\n--\nDu bekommst diese Mail, weil du bei Scorecast mitspielst. Keine Newsletter mehr:\nhttps://scorecast.test/u\n');
    expect(mail.html).toBe('<p>Hallo &lt;Welt&gt;</p><hr><p>Du bekommst diese Mail, weil du bei Scorecast mitspielst. Keine Newsletter mehr: <a href="https://scorecast.test/u">Abmelden</a></p>');
  });

  it('a full-time push counts one point as "Punkt" and more as "Punkte"', () => {
    const groups = [
      { groupName: 'Büro', points: 1, total: 4, rank: 1 },
      { groupName: 'Familie', points: 3, total: 9, rank: 2 },
    ];
    expect(gameFinishedMessage(texts, 'de', { home: 'de', away: 'gb-sct' }, 5, 1, groups, 'https://scorecast.test/')).toEqual({
      title: 'Abpfiff',
      body: 'Deutschland 5:1 Schottland\nBüro: 1 Punkt, gesamt 4, Platz 1\nFamilie: 3 Punkte, gesamt 9, Platz 2',
      url: 'https://scorecast.test/',
    });
  });

  it('a reminder counts its games in its subject: one game, or several', () => {
    const game = { home: 'de', away: 'gb-sct', kickoff: '2024-06-14T19:00:00Z' };
    const links = { predict: 'https://scorecast.test/p', off: 'https://scorecast.test/off' };
    expect(reminderMail(texts, 'de', 'ann@example.com', [game], links, 'Europe/Berlin').subject).toBe('Für ein Spiel heute fehlt noch dein Tipp');
    const two = reminderMail(texts, 'de', 'ann@example.com', [game, { ...game, home: 'hu', away: 'ch' }], links, 'Europe/Berlin');
    expect(two.subject).toBe('Für 2 Spiele heute fehlt noch dein Tipp');
    expect(two.text).toContain('Jetzt tippen: https://scorecast.test/p');
    expect(two.text).toContain('Ungarn - Schweiz');
  });

  it("a correction mail names the old and the new result and the operator's reason, as given", () => {
    const before = { status: 'Finished', homeGoals: 2, awayGoals: 1 } as const;
    const after = { status: 'Finished', homeGoals: 2, awayGoals: 2, correction: { source: 'admin', reason: 'Tor {{zählte}} nicht <b>' } } as const;
    const mail = correctionMail(texts, 'de', 'ann@example.com', { home: 'mx', away: 'za' }, before, after, 'https://scorecast.test/');
    expect(mail.subject).toBe('Ergebnis korrigiert: Mexiko - Südafrika');
    expect(mail.text).toBe('Das Ergebnis von Mexiko - Südafrika wurde von 2:1 auf 2:2 korrigiert.\nGrund: Tor {{zählte}} nicht <b>\n\nhttps://scorecast.test/\n');
    expect(mail.html).toContain('<p>Grund: Tor {{zählte}} nicht &lt;b&gt;</p>');
  });

  it('a finished game set back to Live is mailed with its score, still being played, not as having no result', () => {
    const before = { status: 'Finished', homeGoals: 4, awayGoals: 3 } as const;
    const after = { status: 'Live', homeGoals: 4, awayGoals: 3, correction: { source: 'admin', reason: 'not over yet' } } as const;
    expect(correctionMail(texts, 'en', 'ann@example.com', { home: 'mx', away: 'za' }, before, after, 'https://scorecast.test/').text).toContain(
      'was corrected from 4:3 to 4:3 (still being played).',
    );
    expect(correctionMail(texts, 'de', 'ann@example.com', { home: 'mx', away: 'za' }, before, after, 'https://scorecast.test/').text).toContain('von 4:3 auf 4:3 (noch nicht beendet) korrigiert.');
    expect(correctionMail(texts, 'en', 'ann@example.com', { home: 'mx', away: 'za' }, before, { status: 'Scheduled', homeGoals: null, awayGoals: null }, 'https://scorecast.test/').text).toContain('to no result.');
  });

  it('the standings picture names the tournament, the day and the players in German', () => {
    const rows = [1, 2].map((rank) => ({ login: `p${rank}@example.com`, name: `Spieler ${rank}`, rank, points: 10 - rank }));
    const svg = standingsSvg(texts, { groupName: 'Stammtisch', year: 2026, day: '2026-06-20T12:00:00Z', rows, language: 'de' });
    expect(svg).toContain('Weltmeisterschaft 2026 · Tabelle vom 20.06.2026');
    expect(svg).toContain('>2 Spieler<');
    expect(svg).toContain('>9 Pkt.<');
    expect(standingsSvg(texts, { groupName: 'Solo', year: 2024, day: '2024-06-20T12:00:00Z', rows: rows.slice(0, 1), language: 'en' })).toContain('>1 player<');
  });

  it('the English standings picture dates its day as the app does (dd.MM.yyyy)', () => {
    const rows = [{ login: 'p1@example.com', name: 'Player 1', rank: 1, points: 9 }];
    expect(standingsSvg(texts, { groupName: 'Solo', year: 2026, day: '2026-06-10T12:00:00Z', rows, language: 'en' })).toContain('Standings of 10.06.2026');
  });

  // Shared during a game, the picture's points counted the score of the moment, and said nothing of it.
  it('the standings picture says its points are live while a game is being played', () => {
    const rows = [{ login: 'p1@example.com', name: 'Player 1', rank: 1, points: 9 }];
    const standings = { groupName: 'Solo', year: 2026, day: '2026-06-12T20:00:00Z', rows, live: true } as const;
    expect(standingsSvg(texts, { ...standings, language: 'en' })).toContain('World Cup 2026 · Live standings of 12.06.2026');
    expect(standingsSvg(texts, { ...standings, language: 'de' })).toContain('Weltmeisterschaft 2026 · Live-Tabelle vom 12.06.2026');
  });

  it("a payment's thanks names the new cap", () => {
    const toTwenty = upgradeOptions(10).find((option) => option.maxPlayers === 20)!;
    expect(thanksFor(texts, toTwenty, 'de')).toBe('Danke! Deine Gruppe kann jetzt bis zu 20 Spieler haben.');
  });
});

describe('a German player asking for a new password', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite', { push: false });
  });
  afterAll(async () => server?.close());

  it('gets the reset mail in German from the running server', async () => {
    await signUp(server, 'greta@example.com', 'de');
    expect(await new Browser(server.app).json('POST', '/api/auth/password/reset/email', { login: 'greta@example.com' })).toEqual({ status: 'Successful' });
    const link = lastLink(server.outboxDir, 'greta@example.com', 'reset-password');
    // The outbox helper reads quoted-printable bytes one by one: read them again as UTF-8.
    const mail = Buffer.from(mailsIn(server.outboxDir).filter((each) => each.includes('To: greta@example.com')).at(-1)!, 'latin1').toString('utf8');
    expect(mail).toContain('Du möchtest dein Scorecast-Passwort zurücksetzen. Wähle mit diesem Link ein neues:');
    expect(mail).toContain('>Passwort zurücksetzen</a>');
    expect(mail).not.toContain('Reset your Scorecast password');
    expect(link.searchParams.get('login')).toBe('greta@example.com');
  });
});

// Read as "starts with de": `de;q=0` (German refused) was answered in German, and
// `de-DE;q=0.1, en;q=0.9` too.
describe('the language a browser asks for', () => {
  it.each([
    ['de-DE,de;q=0.9,en;q=0.8', 'de'],
    ['en-GB,en;q=0.9,de;q=0.8', 'en'],
    ['de;q=0', 'en'],
    ['de-DE;q=0.1, en;q=0.9', 'en'],
    ['en;q=0.1, de;q=0.9', 'de'],
    ['fr, de;q=0.5', 'de'],
    ['fr', 'en'],
    ['', 'en'],
    ['*', 'en'],
    ['deutsch', 'en'],
  ])('%j is %s', (header, language) => expect(readerLanguageOf(header)).toBe(language));
});
