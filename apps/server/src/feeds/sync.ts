import { GAME_STATUSES } from '@scorecast/rules';
import type { ServerContext } from '../context.js';
import { listGames, type GameChange, type StoredGame } from '../db/games.js';
import type { FeedMatch } from './feedMatch.js';
import { changeGame } from './gameChanges.js';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Our game for a feed match: the one at the same kickoff with the same teams; else the only
 * knockout game at that kickoff (its teams are filled from the feed); else a game with the same
 * teams within three days (its kickoff moved).
 */
export function gameForMatch(games: readonly StoredGame[], match: FeedMatch): StoredGame | undefined {
  const sameTeams = (game: StoredGame) => match.homeTeam !== null && game.homeTeam === match.homeTeam && game.awayTeam === match.awayTeam;
  const atKickoff = games.filter((game) => Date.parse(game.date) === match.kickoff);
  const exact = atKickoff.find(sameTeams);
  if (exact) return exact;
  const knockout = atKickoff.filter((game) => game.stage !== 'Group');
  if (knockout.length === 1 && atKickoff.length === 1) return knockout[0];
  return games.find((game) => sameTeams(game) && Math.abs(Date.parse(game.date) - match.kickoff) <= 3 * DAY);
}

/** What the feed says differs from our game; a status never goes back (a late feed must not undo a result). */
export function changeFromMatch(game: StoredGame, match: FeedMatch): GameChange {
  const change: GameChange = {};
  if (match.homeTeam && match.awayTeam && (match.homeTeam !== game.homeTeam || match.awayTeam !== game.awayTeam)) {
    change.homeTeam = match.homeTeam;
    change.awayTeam = match.awayTeam;
  }
  if (Date.parse(game.date) !== match.kickoff && game.status === 'Scheduled' && match.status === 'Scheduled') change.date = new Date(match.kickoff).toISOString();
  const order = (status: string) => GAME_STATUSES.indexOf(status as (typeof GAME_STATUSES)[number]);
  if (order(match.status) < order(game.status)) return change;
  if (match.status !== game.status) change.status = match.status;
  if (match.status !== 'Scheduled') {
    if (match.homeGoals !== game.homeGoals) change.homeGoals = match.homeGoals;
    if (match.awayGoals !== game.awayGoals) change.awayGoals = match.awayGoals;
  }
  return change;
}

/**
 * Applies a feed's matches to the games of a year through the shared change path (fields set by
 * hand stay). Returns how many games changed and how many matches found no game.
 */
export async function applyFeedMatches(context: ServerContext, year: number, matches: readonly FeedMatch[]): Promise<{ changed: number; unmatched: number }> {
  const games = await listGames(context.db, year);
  let changed = 0;
  let unmatched = 0;
  for (const match of matches) {
    const game = gameForMatch(games, match);
    if (!game) {
      unmatched += 1;
      continue;
    }
    const change = changeFromMatch(game, match);
    if (Object.keys(change).length === 0) continue;
    if (await changeGame(context, game.id, change, { source: 'feed' })) changed += 1;
  }
  return { changed, unmatched };
}
