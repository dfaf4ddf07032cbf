import { accuracyOf, outcomeOf } from './accuracy.js';
import { pointsFor, stagePoints, type PointConfiguration, type RoundPoints } from './points.js';
import { championOf, resultOf, type PlayerPicks } from './scoring.js';
import { isCompetitionFinished, isCompetitionStarted } from './state.js';
import { teamsKnown } from './placeholders.js';
import { KNOCKOUT_STAGES, type Game, type Score } from './types.js';

/**
 * Where a champion pick stands: still in the tournament, eliminated (it lost a knockout game), or
 * the champion (it won the Final).
 * @example
 * CHAMPION_STATUSES // => ['in', 'eliminated', 'champion']
 */
export const CHAMPION_STATUSES = Object.freeze(['in', 'eliminated', 'champion'] as const);
/**
 * One of {@link CHAMPION_STATUSES}.
 * @example
 * const status: ChampionStatus = championStatusOf('de', []);
 * status // => 'in'
 */
export type ChampionStatus = (typeof CHAMPION_STATUSES)[number];

/**
 * Where a team stands in the tournament: 'eliminated' once it lost a Finished knockout game, or
 * once every game of the first knockout round names its teams and none is this team (it went out
 * in the group stage); 'champion' once it won the Final; otherwise 'in'. `games` are a tournament's
 * schedule: a list without group games is taken as part of one, from which no group-stage exit is
 * told (the rules keep no group tables).
 * @example
 * const final: Game = { id: 51, stage: 'Final', status: 'Finished', date: '2024-07-14T19:00:00Z', homeTeam: 'es', awayTeam: 'gb-eng', homeGoals: 2, awayGoals: 1 };
 * championStatusOf('es', [final]) // => 'champion'
 * championStatusOf('gb-eng', [final]) // => 'eliminated'
 * championStatusOf('de', [final]) // => 'in'
 */
export function championStatusOf(team: string, games: readonly Game[]): ChampionStatus {
  if (isOutAfterGroupStage(team, games)) return 'eliminated';
  let status: ChampionStatus = 'in';
  for (const game of games) {
    const result = game.status === 'Finished' && game.stage !== 'Group' ? resultOf(game) : undefined;
    if (!result || (game.homeTeam !== team && game.awayTeam !== team)) continue;
    const outcome = outcomeOf(result);
    if (outcome === 'draw') continue;
    const won = (outcome === 'home') === (game.homeTeam === team);
    if (!won) return 'eliminated';
    if (game.stage === 'Final') status = 'champion';
  }
  return status;
}

/** Whether the first knockout round is drawn in full, every game naming its teams, without `team`. */
function isOutAfterGroupStage(team: string, games: readonly Game[]): boolean {
  if (!games.some((game) => game.stage === 'Group')) return false;
  const firstRound = KNOCKOUT_STAGES.find((stage) => games.some((game) => game.stage === stage));
  const bracket = games.filter((game) => game.stage === firstRound);
  return bracket.length > 0 && bracket.every(teamsKnown) && !bracket.some((game) => game.homeTeam === team || game.awayTeam === team);
}

/**
 * The most points a prediction can still earn on a game that is not Finished: the exact points on
 * a Scheduled game (the prediction may still change), and on a Live game the best of what a final
 * score at or above the current one allows (goals are never taken back). Nothing without a
 * prediction on a Live game.
 * @example
 * const values = { trend: 2, exactTrend: 3, exact: 5 };
 * const live: Game = { id: 2, stage: 'Group', status: 'Live', date: '2024-06-15T13:00:00Z', homeTeam: 'hu', awayTeam: 'ch', homeGoals: 0, awayGoals: 2 };
 * bestPointsStillPossible({ homeGoals: 1, awayGoals: 3 }, live, values) // => 5
 * bestPointsStillPossible({ homeGoals: 0, awayGoals: 1 }, live, values) // => 3
 * bestPointsStillPossible({ homeGoals: 1, awayGoals: 1 }, live, values) // => 2
 * bestPointsStillPossible(undefined, live, values) // => 0
 */
export function bestPointsStillPossible(prediction: Score | undefined, game: Game, values: RoundPoints): number {
  const now = resultOf(game);
  if (!now) return Math.max(values.exact, values.exactTrend, values.trend);
  if (!prediction) return 0;
  // Goals are never taken back: the prediction itself is still reachable only if it is at or above
  // the current score on both sides; another score of its goal difference and a score of its trend
  // always are (the side ahead scores on, or a draw is levelled).
  const exactStillPossible = prediction.homeGoals >= now.homeGoals && prediction.awayGoals >= now.awayGoals;
  const draw = prediction.homeGoals === prediction.awayGoals;
  return Math.max(values.trend, draw ? 0 : values.exactTrend, exactStillPossible ? values.exact : 0);
}

/**
 * A player as the race needs them.
 * @example
 * const player: RacePlayer = { login: 'ann', championPick: 'de', predictions: [{ gameId: 1, homeGoals: 2, awayGoals: 0 }] };
 * raceOf([player], [], defaultPointConfiguration(2024))[0]!.login // => 'ann'
 */
export type RacePlayer = PlayerPicks & { login: string };

/**
 * Where one player stands in the race for first place (see {@link raceOf}).
 * @example
 * const [standing]: RaceStanding[] = raceOf([{ login: 'ann', predictions: [] }], [], defaultPointConfiguration(2024));
 * standing!.points // => 0
 */
export type RaceStanding = {
  login: string;
  /** Points now, Live games counted provisionally (as the ranking counts them). */
  points: number;
  /** Points no outcome can take away: Finished games and a won champion pick. */
  securedPoints: number;
  /** The most points still possible (see {@link raceOf}). */
  maxPoints: number;
  /** The best rank still reachable: one more than the players whose secured points exceed this one's maximum. */
  bestRank: number;
  /** No outcome lets this player reach first place. */
  out: boolean;
  /** Where the champion pick stands, when there is one. */
  champion?: ChampionStatus;
};

/**
 * Who can still win, for each player in the given order: points now, the most points still possible
 * (Finished games as they are; on every other game the best its prediction can still earn, see
 * {@link bestPointsStillPossible}; plus the champion points while the champion pick is still in
 * the tournament), the best rank still reachable and whether the player is out of the race.
 * A player is out only when some other player's secured points already exceed their maximum, so
 * nobody is ever called out who could still win; `games` are the year's whole schedule.
 * @example
 * const config = defaultPointConfiguration(2024);
 * const games: Game[] = [
 *   { id: 1, stage: 'Group', status: 'Finished', date: '2024-06-14T19:00:00Z', homeTeam: 'de', awayTeam: 'gb-sct', homeGoals: 5, awayGoals: 1 },
 *   { id: 2, stage: 'Group', status: 'Scheduled', date: '2024-06-15T13:00:00Z', homeTeam: 'hu', awayTeam: 'ch' },
 * ];
 * const race = raceOf([
 *   { login: 'ann', predictions: [{ gameId: 1, homeGoals: 5, awayGoals: 1 }] },
 *   { login: 'bob', predictions: [{ gameId: 1, homeGoals: 0, awayGoals: 2 }] },
 * ], games, config);
 * race.map((standing) => [standing.points, standing.maxPoints, standing.out]) // => [[5, 10, false], [0, 5, false]]
 */
export function raceOf(players: readonly RacePlayer[], games: readonly Game[], config: PointConfiguration): RaceStanding[] {
  const gameOf = new Map(games.map((game) => [game.id, game]));
  const valuesOf = new Map(games.map((game) => [game.id, stagePoints(game.stage, config)]));
  const champion = championOf(games);
  const championStillOpen = champion === undefined && !isCompetitionFinished(games);
  // Until the first kickoff a player without a pick may still make one.
  const pickStillOpen = !isCompetitionStarted(games);
  // Every game without a score yet can still end as anybody predicts it: one sum for the whole group.
  let openScheduled = 0;
  for (const game of games) if (game.status !== 'Finished' && !resultOf(game)) openScheduled += bestPointsStillPossible(undefined, game, valuesOf.get(game.id)!);
  const statusOf = new Map<string, ChampionStatus>();
  const standings = players.map((player): RaceStanding => {
    let secured = 0;
    let provisional = 0;
    let open = openScheduled;
    for (const prediction of player.predictions) {
      const game = gameOf.get(prediction.gameId);
      const result = game && resultOf(game);
      if (!game || !result) continue;
      const values = valuesOf.get(game.id)!;
      const points = pointsFor(accuracyOf(prediction, result), values);
      if (game.status === 'Finished') secured += points;
      else {
        provisional += points;
        open += bestPointsStillPossible(prediction, game, values);
      }
    }
    const pick = player.championPick ?? undefined;
    const standing: RaceStanding = { login: player.login, points: 0, securedPoints: 0, maxPoints: 0, bestRank: 1, out: false };
    if (pick) {
      const status = statusOf.get(pick) ?? championStatusOf(pick, games);
      statusOf.set(pick, status);
      standing.champion = status;
      if (champion !== undefined && pick === champion) secured += config.winnerPoints;
      else if (championStillOpen && status === 'in') open += config.winnerPoints;
    } else if (pickStillOpen) {
      open += config.winnerPoints;
    }
    standing.points = secured + provisional;
    standing.securedPoints = secured;
    standing.maxPoints = secured + open;
    return standing;
  });
  // Sorted secured points answer "how many are surely ahead of this maximum" by binary search.
  const secured = standings.map((standing) => standing.securedPoints).sort((a, b) => b - a);
  for (const standing of standings) {
    // A player's own secured points never exceed their maximum: they are never counted ahead of themselves.
    const ahead = countAbove(secured, standing.maxPoints);
    standing.bestRank = ahead + 1;
    standing.out = ahead > 0;
  }
  return standings;
}

/** How many of the descending `values` are greater than `limit`. */
function countAbove(values: readonly number[], limit: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (values[middle]! > limit) low = middle + 1;
    else high = middle;
  }
  return low;
}
