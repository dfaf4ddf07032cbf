import { formatScore, teamNamer, type Language, type Translate } from '@scorecast/rules';
import type { StoredGame } from '../db/games.js';
import type { Mail } from '../mail/mailer.js';
import type { Texts } from '../texts.js';
import { escapeHtml } from './html.js';

/** A game's teams by id ('de', 'gb-sct', or a knockout placeholder such as 'W74'). */
export type Match = { home: string; away: string };

/** A game's teams named as the app names them in the reader's language, not as the fixture spells them. */
export function namedMatch(match: Match, language: Language, t: Translate): Match {
  const name = teamNamer(language, t);
  return { home: name(match.home), away: name(match.away) };
}

/** What a correction mail reads of a game: its result, and after the change, who corrected it and why. */
type GameResult = Pick<StoredGame, 'status' | 'homeGoals' | 'awayGoals'>;
type CorrectedResult = GameResult & { correction?: Pick<NonNullable<StoredGame['correction']>, 'source' | 'reason'> | undefined };

/** A game's result in a correction mail: its score, said to be still played while Live, or none. */
function resultText(game: GameResult, t: Translate): string {
  if (game.status === 'Scheduled' || game.homeGoals == null || game.awayGoals == null) return t('mail.correction.noResult', {});
  const score = formatScore({ homeGoals: game.homeGoals, awayGoals: game.awayGoals });
  return game.status === 'Live' ? t('mail.correction.stillPlayed', { score }) : score;
}

/** The mail to a player of the year when a finished result was corrected: old and new result, and why. */
export function correctionMail(texts: Texts, language: Language, to: string, match: Match, before: GameResult, after: CorrectedResult, url: string): Mail {
  const t = texts(language);
  const why = after.correction?.source === 'feed' ? t('mail.correction.byFeed') : t('mail.correction.reason', { reason: after.correction?.reason ?? '' });
  const teams = namedMatch(match, language, t);
  const body = t('mail.correction.body', { ...teams, was: resultText(before, t), is: resultText(after, t) });
  return {
    to,
    subject: t('mail.correction.subject', teams),
    text: `${body}\n${why}\n\n${url}\n`,
    html: `<p>${escapeHtml(body)}</p><p>${escapeHtml(why)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(t('mail.correction.open'))}</a></p>`,
    links: [url],
  };
}
