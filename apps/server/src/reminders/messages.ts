import type { Language } from '@scorecast/rules';
import { escapeHtml } from '../changes/html.js';
import { namedMatch, type Match } from '../changes/messages.js';
import type { Mail } from '../mail/mailer.js';
import type { Texts } from '../texts.js';

export type RemindedGame = Match & { kickoff: string };

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
export function reminderMail(texts: Texts, language: Language, to: string, games: readonly RemindedGame[], links: { predict: string; off: string }, timeZone: string): Mail {
  const t = texts(language);
  const text = { intro: t('mail.reminder.intro'), action: t('mail.reminder.action'), off: t('mail.reminder.off'), offIntro: t('mail.reminder.offIntro') };
  const lines = games.map((game) => {
    const { home, away } = namedMatch(game, language, t);
    return `${kickoffTime(game.kickoff, language, timeZone)}  ${home} - ${away}`;
  });
  return {
    to,
    subject: t('mail.reminder.subject', { count: games.length }),
    text: `${text.intro}\n\n${lines.join('\n')}\n\n${text.action}: ${links.predict}\n\n--\n${text.offIntro}\n${links.off}\n`,
    html:
      `<p>${escapeHtml(text.intro)}</p><ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>` +
      `<p><a href="${escapeHtml(links.predict)}">${escapeHtml(text.action)}</a></p>` +
      `<hr><p>${escapeHtml(text.offIntro)} <a href="${escapeHtml(links.off)}">${escapeHtml(text.off)}</a></p>`,
    links: [links.predict, links.off],
  };
}

/** The app's look in a few lines (its colours in both themes), for a page opened from a mail. */
const PAGE_STYLE = [
  'body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f6f7f9;color:#14171c}',
  'header{background:#065f46;color:#fff;font-weight:700;font-size:1.25rem;padding:.75rem 1rem}',
  'main{max-width:32rem;margin:0 auto;padding:1.5rem 1rem}',
  'h1{font-size:1.5rem;line-height:1.25;margin:0 0 .75rem}',
  'a{display:inline-block;background:#065f46;color:#fff;font-weight:700;text-decoration:none;padding:.625rem 1rem;border-radius:.5rem}',
  '@media (prefers-color-scheme:dark){body{background:#0b0d10;color:#f6f7f9}a{background:#6ce9a6;color:#0b0d10}}',
].join('');

/** The page the off link opens: `off`, the reminders are off; `invalidLink`, the link did not work. */
export function reminderOffPage(texts: Texts, language: Language, settingsUrl: string, outcome: 'off' | 'invalidLink' = 'off'): string {
  const t = texts(language);
  const key = outcome === 'off' ? 'pages.remindersOff' : 'pages.reminderLinkInvalid';
  const page = { title: t(`${key}.title`), body: t(`${key}.body`), link: t(`${key}.link`) };
  return (
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
    `<meta name="color-scheme" content="light dark"><title>${escapeHtml(page.title)}</title><style>${PAGE_STYLE}</style></head>` +
    `<body><header>Scorecast</header><main><h1>${escapeHtml(page.title)}</h1><p>${escapeHtml(page.body)}</p>` +
    `<p><a href="${escapeHtml(settingsUrl)}">${escapeHtml(page.link)}</a></p></main></body></html>`
  );
}
