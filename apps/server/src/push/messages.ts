import type { Language } from '@scorecast/rules';

/** What the service worker shows: a notification title and body, and the page a tap opens. */
export type PushMessage = { title: string; body: string; url: string };

type Match = { home: string; away: string };
const versus = ({ home, away }: Match) => `${home} – ${away}`;
const score = (match: Match, homeGoals: number | null, awayGoals: number | null) =>
  `${match.home} ${homeGoals ?? 0}:${awayGoals ?? 0} ${match.away}`;

/** A prediction is still missing shortly before kickoff. */
export function missingPredictionMessage(language: Language, match: Match, minutes: number, url: string): PushMessage {
  return language === 'de'
    ? { title: 'Tipp fehlt', body: `${versus(match)} beginnt in ${minutes} Minuten. Du hast noch nicht getippt.`, url }
    : { title: 'Prediction missing', body: `${versus(match)} starts in ${minutes} minutes. You have not predicted it yet.`, url };
}

/** A game kicked off. */
export function gameStartedMessage(language: Language, match: Match, url: string): PushMessage {
  return language === 'de' ? { title: 'Anpfiff', body: `${versus(match)} hat begonnen.`, url } : { title: 'Kick-off', body: `${versus(match)} has started.`, url };
}

/** One group's standing of the player after a game. */
export type GroupPoints = { groupName: string; points: number; total: number; rank: number };

/** A game ended, with what it brought the player in each group. */
export function gameFinishedMessage(language: Language, match: Match, homeGoals: number | null, awayGoals: number | null, groups: readonly GroupPoints[], url: string): PushMessage {
  const lines = groups.map((group) =>
    language === 'de'
      ? `${group.groupName}: ${group.points} ${group.points === 1 ? 'Punkt' : 'Punkte'}, gesamt ${group.total}, Platz ${group.rank}`
      : `${group.groupName}: ${group.points} ${group.points === 1 ? 'point' : 'points'}, ${group.total} in total, rank ${group.rank}`,
  );
  const title = language === 'de' ? 'Abpfiff' : 'Full time';
  return { title, body: [score(match, homeGoals, awayGoals), ...lines].join('\n'), url };
}

/** A game's kickoff or teams changed. */
export function gameChangedMessage(language: Language, match: Match, kickoff: string, url: string): PushMessage {
  const when = new Date(kickoff).toLocaleString(language === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
  return language === 'de'
    ? { title: 'Spiel geändert', body: `${versus(match)}: jetzt am ${when} UTC.`, url }
    : { title: 'Game changed', body: `${versus(match)}: now on ${when} UTC.`, url };
}
