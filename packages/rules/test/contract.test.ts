import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as rules from '../src/index.js';
import { GAME_STATUSES, STAGES, type Game, type PlayerOfGroup, type PointConfiguration, type PointField } from '../src/index.js';

// The contract the README states, proven on generated inputs of every shape the types allow: goals
// far beyond a byte or Int16, fractional point values, duplicate predictions for one game,
// predictions of unknown games, knockout draws, players with equal names. Every export that takes a group is called twice with equal
// inputs, with other calls in between, after the inputs were changed in place, and on frozen inputs.

const TEAMS = ['de', 'es', 'fr'] as const;
const goals = fc.oneof(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 1_000_000 }));
// Quarter points add up exactly in any order, so every sum of them is the same number.
const pointValue = fc.integer({ min: 0, max: 400 }).map((quarters) => quarters / 4);

const game = (id: number): fc.Arbitrary<Game> =>
  fc
    .record({
      stage: fc.constantFrom(...STAGES),
      status: fc.constantFrom(...GAME_STATUSES),
      teams: fc.shuffledSubarray([...TEAMS], { minLength: 2, maxLength: 2 }),
      homeGoals: goals,
      awayGoals: goals,
      day: fc.integer({ min: 0, max: 5 }),
    })
    // A Scheduled game's goals become null: the types allow no other.
    .map(({ stage, status, teams, homeGoals, awayGoals, day }) =>
      rules.gameOf({ id, stage, status, date: new Date(Date.UTC(2024, 5, 14 + day, 19)).toISOString(), homeTeam: teams[0]!, awayTeam: teams[1]!, homeGoals, awayGoals })!,
    );

const games = fc.integer({ min: 0, max: 8 }).chain((count) => fc.tuple(...Array.from({ length: count }, (_, index) => game(index + 1))));

const config: fc.Arbitrary<PointConfiguration> = fc
  .tuple(fc.boolean(), fc.array(pointValue, { minLength: 19, maxLength: 19 }))
  .map(([different, values]) => {
    const fields: PointField[] = ['winnerPoints', ...rules.POINT_ROUNDS.flatMap(rules.pointFieldsOf)];
    return { useDifferentPointsForKnockoutRound: different, ...Object.fromEntries(fields.map((field, index) => [field, values[index]!])) } as PointConfiguration;
  });

const players = (gameCount: number): fc.Arbitrary<PlayerOfGroup[]> =>
  fc.uniqueArray(
    fc.record({
      login: fc.stringMatching(/^[a-h]{1,2}$/),
      name: fc.constantFrom('Ann', 'Bob', 'Bob', 'Émile', ''),
      // Any game id, a game twice, or one that does not exist.
      predictions: fc.array(fc.record({ gameId: fc.integer({ min: 1, max: gameCount + 1 }), homeGoals: goals, awayGoals: goals }), { maxLength: gameCount + 2 }),
      championPick: fc.option(fc.constantFrom(...TEAMS)),
    }),
    { selector: (player) => player.login, maxLength: 7 },
  );

type Inputs = { games: Game[]; players: PlayerOfGroup[]; config: PointConfiguration };
const inputs: fc.Arbitrary<Inputs> = fc.tuple(games, config).chain(([games, config]) => players(games.length).map((players) => ({ games, players, config })));

/** The exports that take a whole group, each as one call on the inputs. */
const calls: Record<string, (input: Inputs) => unknown> = {
  scoringTableOf: ({ games, config }) => rules.scoringTableOf(games, config),
  scorePlayer: ({ games, players, config }) => players.map((player) => rules.scorePlayer(player, rules.scoringTableOf(games, config))),
  // rankPlayers carries a player's other fields over as they are: here there are none.
  rankPlayers: ({ players }) => rules.rankPlayers(players.map(({ login, name }, index) => ({ login, name, points: index % 3 }))),
  rankGroup: ({ games, players, config }) => rules.rankGroup(players, games, config),
  rankHistory: ({ games, players, config }) => rules.rankHistory(players, games, config),
  raceOf: ({ games, players, config }) => rules.raceOf(players, games, config),
  whatIf: ({ games, players, config }) => games[0] && rules.whatIf(players, games, config, { gameId: games[0].id, homeGoals: 1, awayGoals: 0 }),
  matchdayWinners: ({ games, players, config }) => rules.matchdayWinners(players, games, config),
  finishedRankHistory: ({ games, players, config }) => rules.finishedRankHistory(players, games, config),
  pickSharesOf: ({ games, players, config }) => games[0] && rules.pickSharesOf(games[0], players.flatMap((player) => player.predictions), config),
  scorePrediction: ({ games, players, config }) => games.map((game) => players.map((player) => player.predictions.map((prediction) => rules.scorePrediction(prediction, game, config)))),
  withTriedResult: ({ games }) => games[0] && rules.withTriedResult(games, { gameId: games[0].id, homeGoals: 2, awayGoals: 2 }),
  championStatusOf: ({ games }) => ['de', 'es', 'fr'].map((team) => rules.championStatusOf(team, games)),
  bestPointsStillPossible: ({ games, players, config }) =>
    games.map((game) => rules.bestPointsStillPossible(players[0]?.predictions[0], game, rules.stagePoints(game.stage, config))),
  championOf: ({ games }) => rules.championOf(games),
  currentGame: ({ games }) => rules.currentGame(games),
  sortGames: ({ games }) => rules.sortGames(games),
  pointLocksOf: ({ games }) => rules.pointLocksOf(games),
  defaultPointConfiguration: ({ games }) => rules.defaultPointConfiguration(2024 + games.length),
};
const names = Object.keys(calls);
// These order or pick the caller's own games and give them back as they are (see the README).
const PICKERS = ['sortGames', 'currentGame'];

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** Every object, array, map or buffer reachable from a value. */
function objectsIn(value: unknown, found = new Set<object>()): Set<object> {
  if (!value || typeof value !== 'object' || found.has(value)) return found;
  found.add(value);
  if (ArrayBuffer.isView(value)) found.add(value.buffer);
  const inner = value instanceof Map ? [...value.keys(), ...value.values()] : value instanceof Set ? [...value] : Object.values(value);
  for (const each of inner) objectsIn(each, found);
  return found;
}

/** Objects reachable from both values that could be changed through one of them. */
function sharedMutable(a: unknown, b: unknown): object[] {
  const ofB = objectsIn(b);
  return [...objectsIn(a)].filter((object) => ofB.has(object) && !Object.isFrozen(object));
}

/** Changes inputs in place the ways a live app does: a new score, a game reset, a prediction pushed, a player renamed. */
function changeInPlace({ games, players, config }: Inputs, seed: number): void {
  const first = games[seed % Math.max(games.length, 1)];
  if (first) {
    if (seed % 3 === 0) Object.assign(first, { status: 'Scheduled', homeGoals: null, awayGoals: null });
    else Object.assign(first, { status: 'Live', homeGoals: (first.homeGoals ?? 0) + 1, awayGoals: first.awayGoals ?? 0 });
  }
  const player = players[seed % Math.max(players.length, 1)];
  if (player) {
    (player.predictions as PlayerOfGroup['predictions'][number][]).push({ gameId: first?.id ?? 1, homeGoals: seed % 4, awayGoals: 1 });
    player.name = `${player.name}!`;
  }
  config.groupStageExactPoints += 1;
}

describe('the stated contract', () => {
  it('every call is deterministic, whatever was called before, and never changes its inputs', () => {
    fc.assert(
      fc.property(inputs, fc.array(fc.tuple(fc.constantFrom(...names), inputs), { maxLength: 4 }), fc.constantFrom(...names), (input, between, name) => {
        const before = structuredClone(input);
        const first = calls[name]!(input);
        for (const [other, otherInput] of between) calls[other]!(otherInput);
        expect(calls[name]!(input)).toEqual(first);
        expect(calls[name]!(structuredClone(input))).toEqual(first);
        expect(input).toEqual(before);
      }),
      { numRuns: 80 },
    );
  });

  it('after inputs change in place, a call answers as for fresh inputs, and earlier results stay as they were', () => {
    fc.assert(
      fc.property(inputs, fc.nat(), (input, seed) => {
        const earlier = Object.fromEntries(names.map((name) => [name, calls[name]!(input)]));
        const earlierCopy = structuredClone(earlier);
        changeInPlace(input, seed);
        for (const name of names) {
          expect(calls[name]!(input), name).toEqual(calls[name]!(structuredClone(input)));
          if (!PICKERS.includes(name)) expect(earlier[name], name).toEqual(earlierCopy[name]);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('functions that order or pick games give the caller\'s own games, in a new array', () => {
    fc.assert(
      fc.property(inputs, ({ games }) => {
        const sorted = rules.sortGames(games);
        expect(sorted).not.toBe(games);
        expect(sorted.every((game) => games.includes(game))).toBe(true);
        const current = rules.currentGame(games);
        expect(current === undefined || games.includes(current)).toBe(true);
      }),
    );
  });

  it('works on frozen inputs, with the same results', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const frozen = deepFreeze(structuredClone(input));
        for (const name of names) expect(calls[name]!(frozen), name).toEqual(calls[name]!(input));
      }),
      { numRuns: 150 },
    );
  });

  it('results share no mutable memory with the inputs or with each other', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        for (const name of names.filter((name) => !PICKERS.includes(name))) {
          const [one, two] = [calls[name]!(input), calls[name]!(input)];
          expect(sharedMutable(one, input), `${name} and its inputs`).toEqual([]);
          expect(sharedMutable(one, two), `${name} called twice`).toEqual([]);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('scorePlayer, rankPlayers, rankGroup and rankHistory agree', () => {
    fc.assert(
      fc.property(inputs, ({ games, players, config }) => {
        const table = rules.scoringTableOf(games, config);
        const scored = players.map((player) => ({ ...player, ...rules.scorePlayer(player, table) }));
        const ranked = rules.rankGroup(players, games, config);
        const expected = rules.rankPlayers(scored);
        expect(ranked.map(({ login, points, rank }) => ({ login, points, rank }))).toEqual(expected.map(({ login, points, rank }) => ({ login, points, rank })));
        for (const player of ranked) {
          const own = scored.find((each) => each.login === player.login)!;
          expect(player.predictions.map(({ gameId, homeGoals, awayGoals, accuracy, points }) => ({ gameId, homeGoals, awayGoals, accuracy, points }))).toEqual(
            own.predictions.map(({ gameId, homeGoals, awayGoals, accuracy, points }) => ({ gameId, homeGoals, awayGoals, accuracy, points })),
          );
        }
        const history = rules.rankHistory(players, games, config);
        expect(history.map((step) => step.gameId)).toEqual(rules.sortGames(games).filter((each) => table.counted.has(each.id)).map((each) => each.id));
        const last = history.at(-1);
        if (last) expect(last.ranks).toEqual(Object.fromEntries(ranked.map(({ login, rank }) => [login, rank])));
        else expect(ranked.every((player) => player.rank === 1)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
