import { viewOfGroup, type Group, type GroupPicks, type PlayerPicks } from '@scorecast/api-client';
import type { Db } from '../db/database.js';
import { listGames, type StoredGame } from '../db/games.js';
import { championPicksOf, predictionsOf } from '../db/predictions.js';
import { groupsWithIds, loginsOf, playersOfGroups } from '../db/scoringInputs.js';

// Well below the bound-parameter limits of SQLite (32,766) and PostgreSQL (65,535).
const IDS_PER_QUERY = 5_000;

/** A query over many ids, a chunk of ids at a time. */
async function inChunks<T, R>(ids: readonly T[], query: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const rows: R[] = [];
  // A loop, not push(...rows): tens of thousands of arguments would overflow the stack.
  for (let start = 0; start < ids.length; start += IDS_PER_QUERY) for (const row of await query(ids.slice(start, start + IDS_PER_QUERY))) rows.push(row);
  return rows;
}

type Picks = { predictions: PlayerPicks['predictions'][number][]; champion: string | null };

/**
 * What some groups' rankings are made of, read from the database at once: each group's fields, its
 * players (in joining order) with their predictions and champion picks of the group's year. Unknown
 * ids are missing from the result. Nothing is kept: every read sees every write before it.
 */
export async function readGroupPicks(db: Db, groupIds: readonly string[]): Promise<Map<string, GroupPicks>> {
  const groups = await inChunks(groupIds, (chunk) => groupsWithIds(db, chunk));
  const seats = await inChunks(groups.map((group) => group.id), (chunk) => playersOfGroups(db, chunk));
  const yearOf = new Map(groups.map((group) => [group.id, group.year]));
  // A user's picks of a year are read once for all their groups of that year.
  const picks = new Map<number, Map<number, Picks>>();
  for (const seat of seats) {
    const year = yearOf.get(seat.group_id)!;
    if (!picks.has(year)) picks.set(year, new Map());
    picks.get(year)!.set(seat.user_id, { predictions: [], champion: null });
  }
  for (const [year, users] of picks) {
    const ids = [...users.keys()];
    for (const row of await inChunks(ids, (chunk) => predictionsOf(db, chunk, year))) {
      users.get(row.user_id)!.predictions.push({ gameId: row.game_id, homeGoals: row.home_goals, awayGoals: row.away_goals });
    }
    for (const row of await inChunks(ids, (chunk) => championPicksOf(db, chunk, year))) users.get(row.user_id)!.champion = row.team;
  }
  const creators = await loginsOf(db, [...new Set(groups.map((group) => group.creator_id))]);
  const result = new Map<string, GroupPicks & { players: PlayerPicks[] }>();
  for (const group of groups) {
    const { id, name, year: competitionYear, max_players: maxPlayers, pointConfiguration } = group;
    const creator = creators.get(group.creator_id) ?? '';
    result.set(id, { id, name, creator, competitionYear, ...(maxPlayers === null ? {} : { maxPlayers }), players: [], pointConfiguration });
  }
  for (const seat of seats) {
    const { predictions, champion } = picks.get(yearOf.get(seat.group_id)!)!.get(seat.user_id)!;
    result.get(seat.group_id)!.players.push({ login: seat.login, name: seat.name, championPrediction: champion, predictions });
  }
  return result;
}

/**
 * Groups as `viewerLogin` sees them, derived on every read with the same function the web app
 * derives its groups with after live items (see `viewOfGroup`), in the order of `groupIds`.
 * Unknown groups are left out.
 */
export async function groupsFor(db: Db, groupIds: readonly string[], viewerLogin: string): Promise<Group[]> {
  const picks = await readGroupPicks(db, groupIds);
  const games = new Map<number, StoredGame[]>();
  const views: Group[] = [];
  for (const id of groupIds) {
    const group = picks.get(id);
    if (!group) continue;
    const year = group.competitionYear;
    if (!games.has(year)) games.set(year, await listGames(db, year));
    views.push(viewOfGroup(group, games.get(year)!, viewerLogin));
  }
  return views;
}

/** One group as `viewerLogin` sees it, or undefined when it does not exist. */
export async function groupFor(db: Db, groupId: string, viewerLogin: string): Promise<Group | undefined> {
  return (await groupsFor(db, [groupId], viewerLogin))[0];
}

/** One group read once, as each of its members sees it (for a push to all of them); undefined when it does not exist. */
export async function groupViews(db: Db, groupId: string): Promise<((viewerLogin: string) => Group) | undefined> {
  const group = (await readGroupPicks(db, [groupId])).get(groupId);
  if (!group) return undefined;
  const games = await listGames(db, group.competitionYear);
  return (viewerLogin) => viewOfGroup(group, games, viewerLogin);
}
