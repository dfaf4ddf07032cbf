import type { Language } from '@scorecast/rules';
import { escapeHtml } from '../changes/html.js';
import type { Match } from '../changes/messages.js';
import type { Mail } from '../mail/mailer.js';

export type RemindedGame = Match & { kickoff: string };

const texts = {
  en: {
    subject: (count: number) => (count === 1 ? 'A game today still lacks your prediction' : `${count} games today still lack your prediction`),
    intro: 'These games of today have no prediction of yours yet:',
    action: 'Predict now',
    off: 'No more reminders by mail',
    offIntro: 'You get this mail because you switched on reminders by mail or have no push notifications. To get no more:',
  },
  de: {
    subject: (count: number) => (count === 1 ? 'Für ein Spiel heute fehlt noch dein Tipp' : `Für ${count} Spiele heute fehlt noch dein Tipp`),
    intro: 'Für diese Spiele von heute hast du noch nicht getippt:',
    action: 'Jetzt tippen',
    off: 'Keine Erinnerungen per Mail mehr',
    offIntro: 'Du bekommst diese Mail, weil du Erinnerungen per Mail eingeschaltet hast oder keine Push-Nachrichten bekommst. Keine mehr:',
  },
} as const;

const timeFormats = new Map<string, Intl.DateTimeFormat>();

function kickoffTime(kickoff: string, language: Language, timeZone: string): string {
  const key = `${language} ${timeZone}`;
  let format = timeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' });
    timeFormats.set(key, format);
  }
  return format.format(Date.parse(kickoff));
}

/** The reminder of a game day: its unpredicted games with their kickoff, a link that logs in and opens them, and the off link. */
export function reminderMail(language: Language, to: string, games: readonly RemindedGame[], links: { predict: string; off: string }, timeZone: string): Mail {
  const text = texts[language];
  const lines = games.map((game) => `${kickoffTime(game.kickoff, language, timeZone)}  ${game.home} - ${game.away}`);
  return {
    to,
    subject: text.subject(games.length),
    text: `${text.intro}\n\n${lines.join('\n')}\n\n${text.action}: ${links.predict}\n\n--\n${text.offIntro}\n${links.off}\n`,
    html:
      `<p>${escapeHtml(text.intro)}</p><ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>` +
      `<p><a href="${escapeHtml(links.predict)}">${escapeHtml(text.action)}</a></p>` +
      `<hr><p>${escapeHtml(text.offIntro)} <a href="${escapeHtml(links.off)}">${escapeHtml(text.off)}</a></p>`,
    links: [links.predict, links.off],
  };
}

const offPages = {
  en: { title: 'Reminders by mail are off', body: 'You will get no more reminder mails. You can switch them on again in the settings.' },
  de: { title: 'Erinnerungen per Mail sind aus', body: 'Du bekommst keine Erinnerungsmails mehr. In den Einstellungen kannst du sie wieder einschalten.' },
} as const;

/** The page the off link opens. */
export function reminderOffPage(language: Language, settingsUrl: string): string {
  const page = offPages[language];
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(page.title)}</title></head><body><h1>${escapeHtml(page.title)}</h1><p>${escapeHtml(page.body)}</p><p><a href="${escapeHtml(settingsUrl)}">Scorecast</a></p></body></html>`;
}
