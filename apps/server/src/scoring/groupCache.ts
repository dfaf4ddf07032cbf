import {
  accuracyOf,
  isCompetitionStarted,
  pointsOf,
  accuracyOfGoals,
  gamePredictionsOf,
  rankPlayers,
  rankTable,
  scoringTableOf,
  type PointConfiguration,
  type Accuracy,
  type RankTable,
  type ScoringTable,
  type StepRow,
} from '@scorecast/rules';
import type { PlayerOfGroup } from '@scorecast/rules';
import type { Db } from '../db/database.js';
import { listGames, type StoredGame } from '../db/games.js';
import { loadGroupInputs, SharedInputs, type GroupInputs } from './groupInputs.js';
import type { JsonBytes } from './jsonBytes.js';

export type WirePrediction = {
  gameId: number;
  homeGoals: number;
  awayGoals: number;
  accuracy?: Accuracy;
  points?: number;
  rank?: number;
  previousRank?: number;
};

export type WirePlayer = {
  login: string;
  name: string;
  championPrediction?: string | null;
  predictions: WirePrediction[];
  rank: number;
  points: number;
};

export type WireGroup = {
  id: string;
  name: string;
  creator: string;
  competitionYear: number;
  /** Absent: unlimited (spec section 3). */
  maxPlayers?: number;
  players: WirePlayer[];
  pointConfiguration: PointConfiguration;
};

/**
 * A group with everything derived. The ranking lives in the rank table (each step's ranks and
 * totals by player index); the group with every player and prediction as objects (`group`) is
 * built only when someone reads it whole, so the thousands of groups a goal ranks again leave
 * little for the garbage collector.
 */
export class ScoredGroup {
  constructor(
    readonly scheduled: ReadonlySet<number>,
    readonly started: boolean,
    /** What it was derived from; the next scoring of the same inputs takes over the rank steps. */
    readonly inputs: GroupInputs,
    /** The players whose predictions count, in the order of the rank table. */
    readonly players: readonly PlayerOfGroup[],
    readonly table: ScoringTable,
    readonly ranks: RankTable,
  ) {}

  /**
   * The group whole. Built anew each time it is read, never kept: held for a whole year's groups,
   * those objects would be most of the heap the garbage collector walks at every goal.
   */
  get group(): WireGroup {
    return wireGroupOf(this);
  }
}

/** What a viewer's cut of a group needs. */
export type ViewableGroup = Pick<ScoredGroup, 'group' | 'scheduled' | 'started'>;

/** A group's inputs being read, and once read, the inputs themselves. */
type Inputs = { read: Promise<GroupInputs | undefined>; value?: GroupInputs };

/** A group's derived value, or its derivation under way (year 0 until known). */
type Derived = { year: number; scored?: Promise<ScoredGroup | undefined>; value?: ScoredGroup };

// Groups whose inputs are read together: five queries per batch, not per group, and bounded rows.
const GROUPS_PER_LOAD = 2_000;

/**
 * Points, accuracies and ranks per group, derived with the rules when a group is read. A group's
 * inputs (members, predictions, picks, rules) are kept until the group changes; what is derived
 * from them is kept until a game of its year changes too. Nothing derived is stored.
 */
export class GroupScores {
  private readonly inputs = new Map<string, Inputs>();
  private readonly derived = new Map<string, Derived>();
  /** What was derived before the games last changed, for the next scoring to build on. */
  private readonly previous = new Map<string, ScoredGroup>();
  private readonly games = new Map<number, Promise<StoredGame[]>>();
  private readonly shared = new SharedInputs();

  constructor(private readonly db: Db) {}

  /** The group as `viewerLogin` may see it, or undefined when it does not exist. */
  async groupFor(groupId: string, viewerLogin: string): Promise<WireGroup | undefined> {
    const scored = await this.scored(groupId);
    return scored && cutForViewer(scored, viewerLogin);
  }

  /**
   * Many groups scored at once, for a push to all their members: the missing inputs are read in
   * a few bulk queries. Unknown groups are missing from the result.
   */
  async scoredGroups(groupIds: readonly string[]): Promise<Map<string, ScoredGroup>> {
    const missing = groupIds.filter((id) => !this.derived.has(id) && !this.inputs.has(id));
    for (let start = 0; start < missing.length; start += GROUPS_PER_LOAD) this.load(missing.slice(start, start + GROUPS_PER_LOAD));
    // Groups whose inputs are at hand are scored right away, with no promise per group: a goal
    // scores every group of the year, and thousands of pending promises would all outlive the
    // young generation. The games are waited for once per year.
    const games = new Map<number, { read: Promise<StoredGame[]>; games: StoredGame[] }>();
    for (const id of groupIds) {
      const year = this.derived.has(id) ? undefined : this.inputs.get(id)?.value?.group.year;
      if (year === undefined || games.has(year)) continue;
      const read = this.gamesOf(year);
      games.set(year, { read, games: await read });
    }
    const result = new Map<string, ScoredGroup>();
    const waiting: Promise<ScoredGroup | undefined>[] = [];
    for (const id of groupIds) {
      const cached = this.derived.get(id);
      const inputs = cached ? undefined : this.inputs.get(id)?.value;
      const read = inputs && games.get(inputs.group.year);
      if (cached?.value) result.set(id, cached.value);
      // Unless the games changed again meanwhile.
      else if (inputs && read && this.games.get(inputs.group.year) === read.read) {
        const scored = this.deriveFrom(id, inputs, read.games);
        this.derived.set(id, { year: inputs.group.year, value: scored });
        result.set(id, scored);
      } else waiting.push(this.scored(id));
    }
    for (const group of await Promise.all(waiting)) if (group) result.set(group.inputs.group.id, group);
    return result;
  }

  /** The games of a year, shared by all groups of that year. */
  gamesOf(year: number): Promise<StoredGame[]> {
    let games = this.games.get(year);
    if (!games) {
      games = listGames(this.db, year);
      this.games.set(year, games);
      games.catch(() => this.games.delete(year));
    }
    return games;
  }

  /** Forgets everything derived from the games of a year; the groups' inputs stay. */
  invalidateYear(year: number): void {
    this.games.delete(year);
    for (const [id, entry] of this.derived) {
      if (entry.year !== year && entry.year !== 0) continue;
      if (entry.value) this.previous.set(id, entry.value);
      this.derived.delete(id);
    }
  }

  /**
   * Forgets every group's inputs as well: a deleted game takes its predictions with it, and its id
   * may come back for another game. Rare enough to start over.
   */
  invalidateAllInputs(year: number): void {
    this.invalidateYear(year);
    this.inputs.clear();
    this.derived.clear();
    this.previous.clear();
    this.shared.clear();
  }

  /** Forgets everything about some groups (a player, a prediction or the rules changed). */
  invalidateGroups(ids: readonly string[]): void {
    for (const id of ids) {
      this.inputs.delete(id);
      this.derived.delete(id);
      this.previous.delete(id);
    }
  }

  private scored(groupId: string): Promise<ScoredGroup | undefined> {
    const cached = this.derived.get(groupId);
    if (cached) return cached.value ? Promise.resolve(cached.value) : cached.scored!;
    const entry: Derived & { scored: Promise<ScoredGroup | undefined> } = { year: 0, scored: this.derive(groupId) };
    this.derived.set(groupId, entry);
    // Only this very entry is settled or dropped: an invalidation may have replaced it meanwhile.
    entry.scored.then(
      (scored) => {
        if (this.derived.get(groupId) !== entry) return;
        if (scored) {
          entry.year = scored.inputs.group.year;
          entry.value = scored;
        } else this.derived.delete(groupId);
      },
      () => {
        if (this.derived.get(groupId) === entry) this.derived.delete(groupId);
      },
    );
    return entry.scored;
  }

  private async derive(groupId: string): Promise<ScoredGroup | undefined> {
    if (!this.inputs.has(groupId)) this.load([groupId]);
    const inputs = await this.inputs.get(groupId)!.read;
    if (!inputs) return undefined;
    return this.deriveFrom(groupId, inputs, await this.gamesOf(inputs.group.year));
  }

  private deriveFrom(groupId: string, inputs: GroupInputs, games: readonly StoredGame[]): ScoredGroup {
    const previous = this.previous.get(groupId);
    this.previous.delete(groupId);
    return scoreGroup(inputs, games, previous?.inputs === inputs ? previous : undefined);
  }

  private load(groupIds: readonly string[]): void {
    const loaded = loadGroupInputs(this.db, groupIds, this.shared);
    for (const id of groupIds) {
      const entry: Inputs = { read: loaded.then((all) => all.get(id)) };
      this.inputs.set(id, entry);
      // Only this very entry is settled or dropped: an invalidation may have replaced it meanwhile.
      const forget = () => {
        if (this.inputs.get(id) === entry) this.inputs.delete(id);
      };
      entry.read.then((found) => (found ? (entry.value = found) : forget()), forget);
    }
  }
}

type YearFacts = {
  gameIds: ReadonlySet<number>;
  /** The ids in one string. */
  gameIdsKey: string;
  scheduled: ReadonlySet<number>;
  started: boolean;
  /** The scoring table of these games under some rules: groups with the same rules object share it. */
  tableOf(config: PointConfiguration): ScoringTable;
};
const yearFacts = new WeakMap<readonly StoredGame[], YearFacts>();

/** The games' ids as one string, to tell at a glance whether two game lists hold the same games. */
function idsKeyOf(games: readonly StoredGame[]): string {
  return games.map((game) => game.id).sort((a, b) => a - b).join(',');
}

/** What every group of a year derives alike from its games, worked out once per games list. */
function yearFactsOf(games: readonly StoredGame[]): YearFacts {
  let facts = yearFacts.get(games);
  if (!facts) {
    const tables = new WeakMap<PointConfiguration, ScoringTable>();
    facts = {
      gameIds: new Set(games.map((game) => game.id)),
      gameIdsKey: idsKeyOf(games),
      scheduled: new Set(games.filter((game) => game.status === 'Scheduled').map((game) => game.id)),
      started: isCompetitionStarted(games),
      tableOf(config) {
        let table = tables.get(config);
        if (!table) tables.set(config, (table = scoringTableOf(games, config)));
        return table;
      },
    };
    yearFacts.set(games, facts);
  }
  return facts;
}

const countedOf = new WeakMap<GroupInputs, { gameIds: string; players: readonly PlayerOfGroup[] }>();

/**
 * The players with the predictions that count: those of a game deleted since the inputs were read
 * do not. Checked again only when the year's games are other ones, not at every goal.
 */
function countedPlayers(inputs: GroupInputs, year: YearFacts): readonly PlayerOfGroup[] {
  const known = countedOf.get(inputs);
  if (known?.gameIds === year.gameIdsKey) return known.players;
  const counts = (prediction: { gameId: number }) => year.gameIds.has(prediction.gameId);
  const players = inputs.players.every((player) => player.predictions.every(counts))
    ? inputs.players
    : inputs.players.map((player) => (player.predictions.every(counts) ? player : { ...player, predictions: player.predictions.filter(counts) }));
  countedOf.set(inputs, { gameIds: year.gameIdsKey, players });
  return players;
}

/**
 * Points and ranks of one group after the given games of its year. Given what was derived from the
 * same inputs before the games changed, the rank steps before the first changed game are taken over.
 */
function scoreGroup(inputs: GroupInputs, games: readonly StoredGame[], previous?: ScoredGroup): ScoredGroup {
  const year = yearFactsOf(games);
  const players = countedPlayers(inputs, year);
  const table = year.tableOf(inputs.group.pointConfiguration);
  const ranks = rankTable(players, games, table, previous?.players === players ? previous.ranks : undefined);
  return new ScoredGroup(year.scheduled, year.started, inputs, players, table, ranks);
}

/** The group with every player ranked and every prediction scored, as members read it. */
function wireGroupOf(scored: Omit<ScoredGroup, 'group'>): WireGroup {
  const { group, creator } = scored.inputs;
  const scoredPlayers = scored.players.map((player, index) => ({
    login: player.login,
    name: player.name,
    championPrediction: player.championPick ?? null,
    predictions: player.predictions.map((prediction) => scoredPrediction(scored, prediction, index)),
    points: scored.ranks.points(index),
  }));
  return {
    id: group.id,
    name: group.name,
    creator,
    competitionYear: group.year,
    ...(group.max_players === null ? {} : { maxPlayers: group.max_players }),
    players: rankPlayers(scoredPlayers),
    pointConfiguration: group.pointConfiguration,
  };
}

/** One player's prediction with its accuracy, points and ranks once its game has a result. */
function scoredPrediction(
  { table, ranks }: Pick<ScoredGroup, 'table' | 'ranks'>,
  { gameId, homeGoals, awayGoals }: PlayerOfGroup['predictions'][number],
  index: number,
): WirePrediction {
  const counted = table.counted.get(gameId);
  const step = ranks.stepOf.get(gameId);
  if (!counted || step === undefined) return { gameId, homeGoals, awayGoals };
  const accuracy = accuracyOf({ homeGoals, awayGoals }, counted.result);
  const prediction: WirePrediction = { gameId, homeGoals, awayGoals, accuracy, points: pointsOf(accuracy, counted.points), rank: ranks.rankAt(step, index) };
  if (step > 0) prediction.previousRank = ranks.rankAt(step - 1, index);
  return prediction;
}

// Another player's prediction of a game that has not started, and another player's champion pick
// before the competition starts, never leave the server.
/** The group as one viewer may see it. */
export function cutForViewer(scored: ViewableGroup, viewerLogin: string): WireGroup {
  const group = scored.group;
  const players = group.players.map((player) => {
    if (player.login === viewerLogin) return player;
    const { championPrediction, ...rest } = player;
    return {
      ...rest,
      ...(scored.started ? { championPrediction } : {}),
      predictions: player.predictions.filter((prediction) => !scored.scheduled.has(prediction.gameId)),
    };
  });
  return { ...group, players };
}

type GroupJson = {
  head: string;
  others: string[];
  own: string[];
  indexOf: Map<string, number>;
  /** The group as everyone sees it, written once: for a member who sees nothing more of themselves too. */
  everyone?: string;
};

/**
 * The players of each group serialized so far, for one push to many members (see `groupItemJson`).
 * Kept for that push only: a welcome writes every group of its members whole, and text kept for
 * as long as the groups are would be most of the heap.
 */
export type GroupItemsJson = Map<ViewableGroup, GroupJson>;

/**
 * The JSON of the `Group` live item as `viewerLogin` may see it: the same as serializing
 * `{ entity: 'Group', ...cutForViewer(scored, viewerLogin) }`, but each player is serialized once
 * per group in `written`, not once per member watching it (a goal reaches every member of the year).
 */
export function groupItemJson(scored: ViewableGroup, viewerLogin: string, written: GroupItemsJson = new Map()): string {
  let json = written.get(scored);
  if (!json) {
    const group = scored.group;
    const { players, ...rest } = group;
    // How anyone but the player sees them: the cut of a player depends on the viewer only for their own.
    const others = cutForViewer({ ...scored, group }, '').players.map((player) => JSON.stringify(player));
    // What a player sees of themselves differs only by what is hidden from the others.
    const hides = (player: WirePlayer) => !scored.started || player.predictions.some((prediction) => scored.scheduled.has(prediction.gameId));
    json = {
      head: `${JSON.stringify({ entity: 'Group', ...rest }).slice(0, -1)},"players":[`,
      others,
      own: players.map((player, index) => (hides(player) ? JSON.stringify(player) : others[index]!)),
      indexOf: new Map(players.map((player, index) => [player.login, index])),
    };
    written.set(scored, json);
  }
  const own = json.indexOf.get(viewerLogin);
  if (own === undefined || json.own[own] === json.others[own]) return (json.everyone ??= `${json.head}${json.others.join(',')}]}`);
  const before = json.others.slice(0, own).join(',');
  const after = json.others.slice(own + 1).join(',');
  const ownJson = json.own[own];
  return `${json.head}${before}${before ? ',' : ''}${ownJson}${after ? ',' : ''}${after}]}`;
}

/** What the predictions of one game score with in a derived group: its result and values, and the ranks after it and before. */
type GameScoring = {
  counted: ScoringTable['counted'] extends ReadonlyMap<number, infer Counted> ? Counted : never;
  row: StepRow;
  /** Undefined for the first game. */
  previousRow: StepRow | undefined;
};

function gameScoringOf({ table, ranks }: Pick<ScoredGroup, 'table' | 'ranks'>, gameId: number): GameScoring | undefined {
  const counted = table.counted.get(gameId);
  const step = ranks.stepOf.get(gameId);
  if (!counted || step === undefined) return undefined;
  return { counted, row: ranks.rowOf(step), previousRow: step > 0 ? ranks.rowOf(step - 1) : undefined };
}

/** A player's rank in a step row. */
const rankIn = (row: StepRow, index: number) => row.ranks[row.offset + index]!;

/** The row of the ranks after every started game, undefined before the first. */
const finalRowOf = (ranks: RankTable) => (ranks.stepCount === 0 ? undefined : ranks.rowOf(ranks.stepCount - 1));

/** A player's points and rank in the final row: 0 and 1 before the first game, as `RankTable.points` and `rank` say. */
const finalPointsIn = (row: StepRow | undefined, index: number) => (row ? row.totals[row.offset + index]! : 0);
const finalRankIn = (row: StepRow | undefined, index: number) => (row ? rankIn(row, index) : 1);

/**
 * Writes what moved in a prediction its viewers already know, scored with `was` before and `is`
 * now (undefined: no result): nothing when nothing did. False when a field went away, which a merge
 * cannot say. Written field by field: a goal compares every player's prediction of it in every
 * group of the year.
 */
function writeMoved(json: JsonBytes, gameId: number, homeGoals: number, awayGoals: number, index: number, was: GameScoring | undefined, is: GameScoring | undefined): boolean {
  if (!is) return !was;
  const accuracy = accuracyOfGoals(homeGoals, awayGoals, is.counted.result);
  const points = pointsOf(accuracy, is.counted.points);
  const rank = rankIn(is.row, index);
  const previousRank = is.previousRow && rankIn(is.previousRow, index);
  const wasAccuracy = was && accuracyOfGoals(homeGoals, awayGoals, was.counted.result);
  const wasPreviousRank = was?.previousRow && rankIn(was.previousRow, index);
  if (previousRank === undefined && wasPreviousRank !== undefined) return false;
  const movedAccuracy = accuracy !== wasAccuracy;
  const movedPoints = !was || points !== pointsOf(wasAccuracy!, was.counted.points);
  const movedRank = !was || rank !== rankIn(was.row, index);
  const movedPreviousRank = previousRank !== wasPreviousRank;
  if (!movedAccuracy && !movedPoints && !movedRank && !movedPreviousRank) return true;
  json.ascii('{"gameId":');
  json.number(gameId);
  if (movedAccuracy) {
    json.ascii(',"accuracy":"');
    json.ascii(accuracy);
    json.ascii('"');
  }
  if (movedPoints) {
    json.ascii(',"points":');
    json.number(points);
  }
  if (movedRank) {
    json.ascii(',"rank":');
    json.number(rank);
  }
  if (movedPreviousRank) {
    json.ascii(',"previousRank":');
    json.number(previousRank!);
  }
  json.ascii('}');
  return true;
}

/**
 * The ids of the games whose predictions may score differently in `after` than in `before`: those
 * of the rank steps after the ones both share. Steps are shared only from the start (a table takes
 * over a prefix of the one before), and a shared step has the same game, result and ranks.
 */
function rescoredGames(before: RankTable, after: RankTable): Set<number> {
  const shared = after.sharedSteps(before);
  const games = new Set<number>();
  for (let step = shared; step < after.stepCount; step++) games.add(after.gameIdAt(step));
  for (let step = shared; step < before.stepCount; step++) games.add(before.gameIdAt(step));
  return games;
}

/**
 * Writes a `Group` live item with only what changed from `before` to `after` when games changed:
 * the players whose points, rank or predictions moved, each with login, points, rank and the
 * predictions of started games that moved (only those fields) or just came into view (whole).
 * Members merge it into the group they hold. Only started games' predictions are in it, which every
 * member may see, so one part serves them all. False, with nothing written, when a member's view
 * changed otherwise (a player, a prediction, the champion picks coming into view, a game going back
 * to Scheduled): then the whole group goes out.
 */
export function writeGroupScores(json: JsonBytes, before: ScoredGroup, after: ScoredGroup): boolean {
  if (before.players !== after.players || before.started !== after.started) return false;
  for (const gameId of after.scheduled) if (!before.scheduled.has(gameId)) return false;
  const games = rescoredGames(before.ranks, after.ranks);
  for (const gameId of before.scheduled) if (!after.scheduled.has(gameId)) games.add(gameId);
  const predicted = gamePredictionsOf(after.players);
  // Games nobody predicted have nothing to write.
  const scorings = [...games].filter((gameId) => predicted.column(gameId) >= 0).map((gameId) => ({
    gameId,
    column: predicted.column(gameId),
    // A prediction that just came into view goes out whole.
    revealed: before.scheduled.has(gameId),
    was: gameScoringOf(before, gameId),
    is: gameScoringOf(after, gameId),
  }));
  const start = json.length;
  json.ascii('{"entity":"Group","id":');
  json.string(after.inputs.group.id);
  let players = 0;
  const [finalAfter, finalBefore] = [finalRowOf(after.ranks), finalRowOf(before.ranks)];
  for (let index = 0; index < after.players.length; index++) {
    const points = finalPointsIn(finalAfter, index);
    const rank = finalRankIn(finalAfter, index);
    const player = json.length;
    json.ascii(players === 0 ? ',"players":[{"login":' : ',{"login":');
    json.string(after.players[index]!.login);
    json.ascii(',"points":');
    json.number(points);
    json.ascii(',"rank":');
    json.number(rank);
    const predictions = json.length;
    json.ascii(',"predictions":[');
    const first = json.length;
    for (const { gameId, column, revealed, was, is } of scorings) {
      const at = predicted.at(column, index);
      if (at < 0) continue;
      const mark = json.length;
      if (mark > first) json.ascii(',');
      const written = json.length;
      if (revealed) json.text(JSON.stringify(scoredPrediction(after, after.players[index]!.predictions[at]!, index)));
      else if (!writeMoved(json, gameId, predicted.homeGoals(column, index), predicted.awayGoals(column, index), index, was, is)) {
        json.length = start;
        return false;
      }
      if (json.length === written) json.length = mark;
    }
    if (json.length > first) json.ascii(']}');
    else if (points !== finalPointsIn(finalBefore, index) || rank !== finalRankIn(finalBefore, index)) {
      json.length = predictions;
      json.ascii('}');
    } else {
      json.length = player;
      continue;
    }
    players++;
  }
  json.ascii(players === 0 ? '}' : ']}');
  return true;
}
