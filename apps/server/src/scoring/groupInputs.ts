import type { PlayerOfGroup, PointConfiguration, Prediction } from '@scorecast/rules';
import type { Db } from '../db/database.js';
import type { StoredGroup } from '../db/groups.js';
import { championPicksOf, predictionsOf } from '../db/predictions.js';
import { groupsWithIds, loginsOf, playersOfGroups } from '../db/scoringInputs.js';

/**
 * What a group's ranking is derived from besides the games: it changes only when a member, a
 * prediction, a champion pick or the group's rules change, never when a game does.
 */
export type GroupInputs = { group: StoredGroup; creator: string; players: PlayerOfGroup[] };

// Well below the bound-parameter limits of SQLite (32,766) and PostgreSQL (65,535).
const IDS_PER_QUERY = 5_000;

function chunksOf<T>(items: readonly T[], size = IDS_PER_QUERY): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

async function inChunks<T, R>(items: readonly T[], query: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const results: R[] = [];
  // A loop, not push(...rows): tens of thousands of arguments would overflow the stack.
  for (const chunk of chunksOf(items)) for (const row of await query(chunk)) results.push(row);
  return results;
}

/**
 * What the inputs of different groups share: each user's predictions of a year as last read, one
 * string for each login and name, one object for each rules. Groups are read at different times
 * (each wave of members connecting reads theirs), and a user sits in several groups: without this,
 * each read would keep copies of its own, most of the objects in the heap that the garbage
 * collector walks; and a goal works out a scoring table per rules object.
 */
export class SharedInputs {
  private readonly lists = new Map<string, Prediction[]>();
  private readonly texts = new Map<string, string>();
  private readonly rulesByText = new Map<string, PointConfiguration>();

  /** The list known for the user when it holds the same predictions as `read`, otherwise `read`, known from now on. */
  predictions(year: number, userId: number, read: Prediction[]): Prediction[] {
    const key = `${year}:${userId}`;
    const known = this.lists.get(key);
    if (known && sameList(known, read)) return known;
    this.lists.set(key, read);
    return read;
  }

  /** The one string of this text (a login, a player's name). */
  text(read: string): string {
    const known = this.texts.get(read);
    if (known !== undefined) return known;
    this.texts.set(read, read);
    return read;
  }

  /** The one rules object of this stored text. */
  rules(text: string): PointConfiguration {
    let rules = this.rulesByText.get(text);
    if (!rules) this.rulesByText.set(text, (rules = JSON.parse(text) as PointConfiguration));
    return rules;
  }

  clear(): void {
    this.lists.clear();
    this.texts.clear();
    this.rulesByText.clear();
  }
}

function sameList(known: readonly Prediction[], read: readonly Prediction[]): boolean {
  if (known.length !== read.length) return false;
  for (let at = 0; at < read.length; at++) {
    const [a, b] = [known[at]!, read[at]!];
    if (a.gameId !== b.gameId || a.homeGoals !== b.homeGoals || a.awayGoals !== b.awayGoals) return false;
  }
  return true;
}

/**
 * The inputs of many groups in a handful of queries (groups, players, predictions, champion picks,
 * creators), whatever their number. Unknown ids are missing from the result.
 */
export async function loadGroupInputs(db: Db, groupIds: readonly string[], shared = new SharedInputs()): Promise<Map<string, GroupInputs>> {
  const groups = await inChunks(groupIds, (chunk) => groupsWithIds(db, chunk, (text) => shared.rules(text)));
  const seats = await inChunks(
    groups.map((group) => group.id),
    (chunk) => playersOfGroups(db, chunk),
  );
  const yearOf = new Map(groups.map((group) => [group.id, group.year]));
  const usersByYear = new Map<number, Set<number>>();
  for (const seat of seats) {
    const year = yearOf.get(seat.group_id)!;
    const users = usersByYear.get(year) ?? new Set<number>();
    users.add(seat.user_id);
    usersByYear.set(year, users);
  }
  // A user's predictions are read once and shared by all their groups of that year.
  const predictionsByYear = new Map<number, Map<number, Prediction[]>>();
  const picksByYear = new Map<number, Map<number, string>>();
  for (const [year, users] of usersByYear) {
    const ids = [...users];
    const predictions = new Map<number, Prediction[]>();
    for (const row of await inChunks(ids, (chunk) => predictionsOf(db, chunk, year))) {
      const list = predictions.get(row.user_id) ?? [];
      list.push({ gameId: row.game_id, homeGoals: row.home_goals, awayGoals: row.away_goals });
      predictions.set(row.user_id, list);
    }
    // In one order, whatever order the rows came in, so that equal lists of two reads look equal.
    for (const [userId, list] of predictions) predictions.set(userId, shared.predictions(year, userId, list.sort((a, b) => a.gameId - b.gameId)));
    predictionsByYear.set(year, predictions);
    const picks = await inChunks(ids, (chunk) => championPicksOf(db, chunk, year));
    picksByYear.set(year, new Map(picks.map((pick) => [pick.user_id, pick.team])));
  }
  const creators = new Map<number, string>();
  for (const chunk of chunksOf([...new Set(groups.map((group) => group.creator_id))])) {
    for (const [id, login] of await loginsOf(db, chunk)) creators.set(id, login);
  }
  const inputs = new Map<string, GroupInputs>(
    groups.map((group) => [group.id, { group, creator: creators.get(group.creator_id) ?? '', players: [] }]),
  );
  for (const seat of seats) {
    const entry = inputs.get(seat.group_id)!;
    const year = entry.group.year;
    entry.players.push({
      login: shared.text(seat.login),
      name: shared.text(seat.name),
      championPick: picksByYear.get(year)!.get(seat.user_id) ?? null,
      predictions: predictionsByYear.get(year)!.get(seat.user_id) ?? [],
    });
  }
  return inputs;
}
