import { formatScore, type Language } from '@scorecast/rules';
import type { StoredGame } from '../db/games.js';
import type { Mail } from '../mail/mailer.js';
import { escapeHtml } from './html.js';

export type Match = { home: string; away: string };

const correctionTexts = {
  en: {
    subject: (match: Match) => `Result corrected: ${match.home} - ${match.away}`,
    body: (match: Match, was: string, is: string) => `The result of ${match.home} - ${match.away} was corrected from ${was} to ${is}.`,
    reason: 'Reason',
    byFeed: 'The result feed changed it.',
    open: 'Open Scorecast',
    noResult: 'no result',
  },
  de: {
    subject: (match: Match) => `Ergebnis korrigiert: ${match.home} - ${match.away}`,
    body: (match: Match, was: string, is: string) => `Das Ergebnis von ${match.home} - ${match.away} wurde von ${was} auf ${is} korrigiert.`,
    reason: 'Grund',
    byFeed: 'Der Ergebnisdienst hat es geändert.',
    open: 'Scorecast öffnen',
    noResult: 'kein Ergebnis',
  },
} as const;

function resultText(game: StoredGame, language: Language): string {
  if (game.status !== 'Finished' || game.homeGoals == null || game.awayGoals == null) return correctionTexts[language].noResult;
  return formatScore({ homeGoals: game.homeGoals, awayGoals: game.awayGoals });
}

/** The mail to a player of the year when a finished result was corrected: old and new result, and why. */
export function correctionMail(language: Language, to: string, match: Match, before: StoredGame, after: StoredGame, url: string): Mail {
  const text = correctionTexts[language];
  const why = after.correction?.source === 'feed' ? text.byFeed : `${text.reason}: ${after.correction?.reason ?? ''}`;
  const body = text.body(match, resultText(before, language), resultText(after, language));
  return {
    to,
    subject: text.subject(match),
    text: `${body}\n${why}\n\n${url}\n`,
    html: `<p>${escapeHtml(body)}</p><p>${escapeHtml(why)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(text.open)}</a></p>`,
    links: [url],
  };
}
