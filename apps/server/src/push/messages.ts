import type { Language, Translate } from '@scorecast/rules';
import { namedMatch, type Match } from '../changes/messages.js';
import type { Texts } from '../texts.js';

/** What the service worker shows: a notification title and body, and the page a tap opens. */
export type PushMessage = { title: string; body: string; url: string };

/** The game's teams, named in the language `t` reads. */
const versus = (match: Match, language: Language, t: Translate) => {
  const { home, away } = namedMatch(match, language, t);
  return `${home} – ${away}`;
};
const score = (match: Match, language: Language, t: Translate, homeGoals: number | null, awayGoals: number | null) => {
  const { home, away } = namedMatch(match, language, t);
  return `${home} ${homeGoals ?? 0}:${awayGoals ?? 0} ${away}`;
};

/** A prediction is still missing shortly before kickoff. */
export function missingPredictionMessage(texts: Texts, language: Language, match: Match, minutes: number, url: string): PushMessage {
  const t = texts(language);
  return { title: t('push.missingPrediction.title'), body: t('push.missingPrediction.body', { match: versus(match, language, t), minutes }), url };
}

/** A game kicked off. */
export function gameStartedMessage(texts: Texts, language: Language, match: Match, url: string): PushMessage {
  const t = texts(language);
  return { title: t('push.gameStarted.title'), body: t('push.gameStarted.body', { match: versus(match, language, t) }), url };
}

/** One group's standing of the player after a game. */
export type GroupPoints = { groupName: string; points: number; total: number; rank: number };

/** A game ended, with what it brought the player in each group. */
export function gameFinishedMessage(
  texts: Texts,
  language: Language,
  match: Match,
  homeGoals: number | null,
  awayGoals: number | null,
  groups: readonly GroupPoints[],
  url: string,
): PushMessage {
  const t = texts(language);
  const lines = groups.map(({ groupName, points, total, rank }) => t('push.gameFinished.group', { groupName, count: points, total, rank }));
  return { title: t('push.gameFinished.title'), body: [score(match, language, t, homeGoals, awayGoals), ...lines].join('\n'), url };
}

/** A game's kickoff or teams changed. */
export function gameChangedMessage(texts: Texts, language: Language, match: Match, kickoff: string, url: string): PushMessage {
  const t = texts(language);
  const when = new Date(kickoff).toLocaleString(language === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
  return { title: t('push.gameChanged.title'), body: t('push.gameChanged.body', { match: versus(match, language, t), when }), url };
}
