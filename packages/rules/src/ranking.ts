import { sortGames } from './competition.js';
import { accuracyOfGoals } from './accuracy.js';
import { resultOf, championOf, scoringTableOf, type PlayerPicks, type ScoringTable } from './scoring.js';
import { pointsOf, type PointConfiguration } from './points.js';
import type { Game } from './types.js';

/** What ranking needs of a player. */
export type RankablePlayer = { login: string; name: string; points: number };

function byName(a: RankablePlayer, b: RankablePlayer): number {
  if (a.name !== b.name) return a.name < b.name ? -1 : 1;
  return a.login < b.login ? -1 : a.login > b.login ? 1 : 0;
}

/**
 * Sorts players by points and gives each a standard competition rank (1, 2, 2, 4); players with
 * equal points share a rank and are listed by name.
 * @example rankPlayers([{ login: 'a', name: 'Ann', points: 3 }, { login: 'b', name: 'Bob', points: 5 }]).map((p) => p.rank) // [1, 2]
 */
export function rankPlayers<T extends RankablePlayer>(players: readonly T[]): (T & { rank: number })[] {
  // Players share few distinct point totals: sorting the totals and then each (small) tie by name
  // costs far fewer string comparisons than one sort over everybody.
  const ties = new Map<number, T[]>();
  for (const player of players) {
    const tie = ties.get(player.points);
    if (tie) tie.push(player);
    else ties.set(player.points, [player]);
  }
  const totals = [...ties.keys()].sort((a, b) => b - a);
  const ranked = new Array<T & { rank: number }>(players.length);
  let index = 0;
  for (const total of totals) {
    const tie = ties.get(total)!;
    if (tie.length > 1) tie.sort(byName);
    const rank = index + 1;
    for (const player of tie) {
      // Copy, then add: spreading a generic object is several times slower in V8.
      const rankedPlayer = Object.assign({}, player) as T & { rank: number };
      rankedPlayer.rank = rank;
      ranked[index++] = rankedPlayer;
    }
  }
  return ranked;
}

/** A player of a group as rank history needs it. */
export type PlayerOfGroup = PlayerPicks & { login: string; name: string };

/**
 * Consecutive rank steps ranked together: for each, the game, and every player's rank and points
 * after it, row by row from `base` (`ranks[base + row * players + index]`).
 */
type StepRows = {
  /** The step of the first row. */
  first: number;
  gameIds: number[];
  ranks: Int32Array;
  totals: Float32Array;
  base: number;
};

/** Every player's rank and points after one step: player `index`'s are at `offset + index`. */
export type StepRow = { ranks: ArrayLike<number>; totals: ArrayLike<number>; offset: number };

/** The first `used` rows of some step rows, as one table holds them. */
type StepRun = { rows: StepRows; used: number };

// Past this many runs a table copies its steps into one run: a goal adds a run to every group of
// the year, and fewer objects keep the garbage collector's work small.
const MAX_RUNS = 6;

// Rows of many tables share chunks: a goal ranks a step anew in every group of the year, and a pair
// of small arrays for each would be most of what it leaves to the garbage collector. A chunk lives
// as long as the last table with rows in it; a big table has arrays of its own.
const CHUNK_SIZE = 1 << 16;
const chunk = { ranks: new Int32Array(0), totals: new Float32Array(0), used: 0 };

/** Room for `size` ranks and totals, from step `first` on. */
function stepRows(first: number, steps: number, size: number): StepRows {
  const gameIds = new Array<number>(steps);
  if (size > CHUNK_SIZE / 16) return { first, gameIds, ranks: new Int32Array(size), totals: new Float32Array(size), base: 0 };
  if (chunk.used + size > chunk.ranks.length) Object.assign(chunk, { ranks: new Int32Array(CHUNK_SIZE), totals: new Float32Array(CHUNK_SIZE), used: 0 });
  const rows = { first, gameIds, ranks: chunk.ranks, totals: chunk.totals, base: chunk.used };
  chunk.used += size;
  return rows;
}

/**
 * The ranks and points of every player (by their index in the group) after each started game, in
 * the order the games are played. A table ranked after a change takes over the steps before the
 * first changed game from the table before, sharing their rows.
 */
export class RankTable {
  constructor(
    private readonly runs: readonly StepRun[],
    /** The number of players. */
    readonly players: number,
    /** The step of each started game's id. */
    readonly stepOf: ReadonlyMap<number, number>,
    /** The first step ranked anew; the steps before it are those of the previous table. */
    readonly firstNewStep: number,
    /** What each step was ranked from: its game, result and stage, and the champion it crowns (one list per games list). */
    readonly keys: readonly string[],
  ) {}

  /** Copies every player's points after a step into `into` (for counting on from it). @internal */
  copyTotals(step: number, into: Float64Array): void {
    const { rows } = this.runOf(step);
    const offset = this.offsetOf(rows, step);
    for (let index = 0; index < this.players; index++) into[index] = rows.totals[offset + index]!;
  }

  /** The number of steps: one per started game. */
  get stepCount(): number {
    const last = this.runs.at(-1);
    return last ? last.rows.first + last.used : 0;
  }

  /** Where a step's row starts in its rows' arrays. */
  private offsetOf(rows: StepRows, step: number): number {
    return rows.base + (step - rows.first) * this.players;
  }

  private runOf(step: number): StepRun {
    for (let at = this.runs.length - 1; at >= 0; at--) if (this.runs[at]!.rows.first <= step) return this.runs[at]!;
    throw new RangeError(`no rank step ${step}`);
  }

  /** The game of a step. */
  gameIdAt(step: number): number {
    const { rows } = this.runOf(step);
    return rows.gameIds[step - rows.first]!;
  }

  /** A player's rank after a step. */
  rankAt(step: number, index: number): number {
    const { rows } = this.runOf(step);
    return rows.ranks[this.offsetOf(rows, step) + index]!;
  }

  /** A player's points after a step. */
  totalAt(step: number, index: number): number {
    const { rows } = this.runOf(step);
    return rows.totals[this.offsetOf(rows, step) + index]!;
  }

  /**
   * Every player's rank and points after a step, read straight from the rows: player `index`'s are
   * at `offset + index`. For reading many players of one step.
   */
  rowOf(step: number): StepRow {
    const { rows } = this.runOf(step);
    return { ranks: rows.ranks, totals: rows.totals, offset: this.offsetOf(rows, step) };
  }

  /** A player's points after every started game, the champion's included. */
  points(index: number): number {
    return this.stepCount === 0 ? 0 : this.totalAt(this.stepCount - 1, index);
  }

  /** A player's rank after every started game. */
  rank(index: number): number {
    return this.stepCount === 0 ? 1 : this.rankAt(this.stepCount - 1, index);
  }

  /** How many steps from the first on this table and `other` share (the very same rows). */
  sharedSteps(other: RankTable): number {
    let shared = 0;
    for (let at = 0; at < Math.min(this.runs.length, other.runs.length); at++) {
      const [mine, theirs] = [this.runs[at]!, other.runs[at]!];
      if (mine.rows !== theirs.rows) break;
      shared += Math.min(mine.used, theirs.used);
      if (mine.used !== theirs.used) break;
    }
    return shared;
  }

  /** The runs holding the steps before `step` (for a table that takes them over). @internal */
  runsBefore(step: number): StepRun[] {
    let count = 0;
    while (count < this.runs.length && this.runs[count]!.rows.first < step) count++;
    // One more for the run the new table adds: arrays that grow on push hold room for 17.
    const runs = new Array<StepRun>(count + 1);
    runs.length = count;
    for (let at = 0; at < count; at++) {
      const run = this.runs[at]!;
      runs[at] = run.rows.first + run.used <= step ? run : { rows: run.rows, used: step - run.rows.first };
    }
    return runs;
  }
}

/** The runs copied into one pair of typed arrays. */
function compacted(runs: readonly StepRun[], players: number): StepRun[] {
  const steps = runs.reduce((sum, run) => sum + run.used, 0);
  const rows = stepRows(0, steps, steps * players);
  let step = 0;
  for (const { rows: from, used } of runs) {
    const [to, size] = [rows.base + step * players, used * players];
    rows.ranks.set(from.ranks.subarray(from.base, from.base + size), to);
    rows.totals.set(from.totals.subarray(from.base, from.base + size), to);
    for (let at = 0; at < used; at++) rows.gameIds[step++] = from.gameIds[at]!;
  }
  return [{ rows, used: steps }];
}

type StartedGames = { ordered: Game[]; stepOf: Map<number, number>; keys: string[]; finalStep: number };
// Every group of a year ranks over the same games: they are put in order once per games array,
// which is therefore never changed once ranked over.
const startedGames = new WeakMap<readonly Game[], StartedGames>();

function startedGamesOf(games: readonly Game[]): StartedGames {
  let started = startedGames.get(games);
  if (!started) {
    const ordered = sortGames(games).filter((game) => resultOf(game) !== undefined);
    const champion = championOf(games);
    started = {
      ordered,
      stepOf: new Map(ordered.map((game, step) => [game.id, step])),
      // The stage decides the points a result is worth, and the Final's step crowns the champion.
      keys: ordered.map((game) => `${game.id}:${game.homeGoals}:${game.awayGoals}:${game.stage}:${game.stage === 'Final' ? champion : ''}`),
      finalStep: champion === undefined ? -1 : ordered.findIndex((game) => game.stage === 'Final' && game.status === 'Finished'),
    };
    startedGames.set(games, started);
  }
  return started;
}

const firstDifferences = new WeakMap<readonly string[], WeakMap<readonly string[], number>>();

/**
 * Where two lists of step keys first differ (the length of the shorter when one starts the other),
 * worked out once per pair: every group of a year is ranked over the same two lists at a goal.
 */
function firstDifference(before: readonly string[], now: readonly string[]): number {
  let known = firstDifferences.get(before);
  if (!known) firstDifferences.set(before, (known = new WeakMap()));
  let at = known.get(now);
  if (at === undefined) {
    at = 0;
    while (at < before.length && at < now.length && before[at] === now[at]) at++;
    known.set(now, at);
  }
  return at;
}

const buffers: Float64Array[] = [new Float64Array(0), new Float64Array(0)];

/** Scratch buffer number `which`, zeroed, of `length` numbers (a view of a buffer that only grows). */
function scratch(which: number, length: number): Float64Array {
  if (buffers[which]!.length < length) buffers[which] = new Float64Array(Math.max(length, 2 * buffers[which]!.length));
  const view = buffers[which]!.subarray(0, length);
  view.fill(0);
  return view;
}

/**
 * Every player's predictions side by side, by player index, one column per game anyone predicted:
 * a goal scores every player of every group of the year, and reading goals from one array is far
 * quicker than from an object per player. One array per group, not one per game: the garbage
 * collector tends each array on its own.
 */
export class GamePredictions {
  constructor(
    /** The number of players. */
    readonly players: number,
    private readonly columns: ReadonlyMap<number, number>,
    /** Per column: each player's place of their prediction in their list (-1: none), their home goals, their away goals. */
    private readonly values: Int16Array,
  ) {}

  /** The column of a game's predictions, or -1 when nobody predicted it. */
  column(gameId: number): number {
    return this.columns.get(gameId) ?? -1;
  }

  /** Where a player's prediction in a column is in their list of predictions, or -1 when they have none. */
  at(column: number, index: number): number {
    return this.values[column + index]!;
  }

  homeGoals(column: number, index: number): number {
    return this.values[column + this.players + index]!;
  }

  awayGoals(column: number, index: number): number {
    return this.values[column + 2 * this.players + index]!;
  }
}

const gamePredictions = new WeakMap<readonly PlayerOfGroup[], GamePredictions>();

/**
 * Every player's predictions side by side, worked out once per players list (which is therefore
 * never changed once asked about).
 * @example const predicted = gamePredictionsOf(players); predicted.at(predicted.column(7), 0) // 2: the first player's third prediction is of game 7
 */
export function gamePredictionsOf(players: readonly PlayerOfGroup[]): GamePredictions {
  let found = gamePredictions.get(players);
  if (!found) {
    const count = players.length;
    const columns = new Map<number, number>();
    for (const player of players) for (const { gameId } of player.predictions) if (!columns.has(gameId)) columns.set(gameId, 3 * count * columns.size);
    const values = new Int16Array(3 * count * columns.size);
    for (const column of columns.values()) values.fill(-1, column, column + count);
    players.forEach((player, index) =>
      player.predictions.forEach(({ gameId, homeGoals, awayGoals }, at) => {
        const column = columns.get(gameId)!;
        values[column + index] = at;
        values[column + count + index] = homeGoals;
        values[column + 2 * count + index] = awayGoals;
      }),
    );
    gamePredictions.set(players, (found = new GamePredictions(count, columns, values)));
  }
  return found;
}

/**
 * The rank table of a group: the competition rank and the points of each player after each started
 * game (champion points count from the Final on), scored with the `table` of the same games. Given
 * the table of the same players and rules before the games changed, the steps up to the first game
 * that changed are taken over and the rest is counted on from their totals.
 * @example rankTable(players, games, scoringTableOf(games, config)).rank(0) // 1
 */
export function rankTable(players: readonly PlayerOfGroup[], games: readonly Game[], table: ScoringTable, previous?: RankTable): RankTable {
  const { ordered, stepOf, keys, finalStep } = startedGamesOf(games);
  const count = players.length;
  const before = previous?.players === count ? previous : undefined;
  const firstNewStep = before ? firstDifference(before.keys, keys) : 0;
  let runs = before ? before.runsBefore(firstNewStep) : [];
  // The totals so far and their sorted copy live in buffers kept between calls: a goal ranks every
  // group of the year, and fresh ones would be most of what it allocates.
  const points = scratch(0, count);
  if (firstNewStep > 0) before!.copyTotals(firstNewStep - 1, points);
  const sorted = scratch(1, count);
  const predicted = gamePredictionsOf(players);
  const steps = ordered.length - firstNewStep;
  const rows = stepRows(firstNewStep, steps, steps * count);
  let row = rows.base;
  for (let step = firstNewStep; step < ordered.length; step++) {
    const game = ordered[step]!;
    const { result, points: values } = table.counted.get(game.id)!;
    const column = predicted.column(game.id);
    for (let index = 0; column >= 0 && index < count; index++) {
      if (predicted.at(column, index) < 0) continue;
      points[index]! += pointsOf(accuracyOfGoals(predicted.homeGoals(column, index), predicted.awayGoals(column, index), result), values);
    }
    if (step === finalStep) players.forEach((player, index) => player.championPick === table.champion && (points[index]! += table.winnerPoints));
    // A competition rank is one more than the number of players with more points: the names that
    // order a tie do not change it, so a numeric sort of the totals is all a step needs.
    sorted.set(points);
    sortTotals(sorted);
    for (let index = 0; index < count; index++, row++) {
      rows.ranks[row] = 1 + count - countAtMost(sorted, points[index]!);
      // Points are whole numbers far below 2^24: single precision holds them exactly.
      rows.totals[row] = points[index]!;
    }
    rows.gameIds[step - firstNewStep] = game.id;
  }
  if (steps > 0) runs.push({ rows, used: steps });
  if (runs.length > MAX_RUNS) runs = compacted(runs, count);
  return new RankTable(runs, count, stepOf, firstNewStep, keys);
}

/** The ranks of every player (by login) after one game. */
export type RankStep = { gameId: number; ranks: Record<string, number> };

/**
 * The ranks of a group after each started game, in the order the games are played, by login.
 * The rank-change arrow of a game compares its step with the one before.
 * @example rankHistory(players, games, config).at(-1)?.ranks['ann@example.com'] // 1
 */
export function rankHistory(players: readonly PlayerOfGroup[], games: readonly Game[], config: PointConfiguration): RankStep[] {
  const table = rankTable(players, games, scoringTableOf(games, config));
  return Array.from({ length: table.stepCount }, (_, step) => ({
    gameId: table.gameIdAt(step),
    ranks: Object.fromEntries(players.map((player, index) => [player.login, table.rankAt(step, index)])),
  }));
}

/**
 * Sorts totals ascending. Most groups are small, and for them an insertion sort is several times
 * quicker than the typed array's own sort, which is built for any size.
 */
function sortTotals(totals: Float64Array): void {
  if (totals.length > 64) return void totals.sort();
  for (let at = 1; at < totals.length; at++) {
    const total = totals[at]!;
    let to = at;
    while (to > 0 && totals[to - 1]! > total) {
      totals[to] = totals[to - 1]!;
      to--;
    }
    totals[to] = total;
  }
}

/** How many of the ascending `sorted` totals are at most `total` (a binary search). */
function countAtMost(sorted: Float64Array, total: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! <= total) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * A player's rank before and after a game, for the rank-change arrow; `before` is absent for the
 * first game.
 */
export function rankChangeAt(
  history: readonly RankStep[],
  gameId: number,
  login: string,
): { before?: number; after: number } | undefined {
  const index = history.findIndex((step) => step.gameId === gameId);
  const after = history[index]?.ranks[login];
  if (after === undefined) return undefined;
  const before = index > 0 ? history[index - 1]!.ranks[login] : undefined;
  return before === undefined ? { after } : { before, after };
}

/** The direction of the rank-change arrow. @example rankTrend({ before: 4, after: 2 }) // 'up' */
export function rankTrend(change: { before?: number; after: number }): 'up' | 'down' | 'same' {
  if (change.before === undefined || change.before === change.after) return 'same';
  return change.after < change.before ? 'up' : 'down';
}
