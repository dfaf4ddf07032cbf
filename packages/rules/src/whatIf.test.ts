import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { defaultPointConfiguration, rankPlayers, scorePlayer, scoringTableOf, whatIf, withTriedResult, type Game } from './index.js';
import { score } from '../test/arbitraries/game.js';
import { groupAndGames } from '../test/arbitraries/group.js';

const config = defaultPointConfiguration(2026);

/** A schedule and group with one game picked to try a result on. */
const tryOut = groupAndGames().chain(({ players, games }) => fc.record({ players: fc.constant(players), games: fc.constant(games), game: fc.constantFrom(...games), tried: score }));

describe('whatIf', () => {
  it("trying the actual current score of a Live game gives today's table", () => {
    fc.assert(
      fc.property(tryOut, ({ players, games, game }) => {
        fc.pre(game.status === 'Live');
        const table = scoringTableOf(games, config);
        const today = rankPlayers(players.map((player) => ({ login: player.login, name: player.name, points: scorePlayer(player, table).points })));
        const rows = whatIf(players, games, config, { gameId: game.id, homeGoals: game.homeGoals!, awayGoals: game.awayGoals! });
        expect(rows.map(({ login, points, rank }) => ({ login, points, rank }))).toEqual(today.map(({ login, points, rank }) => ({ login, points, rank })));
        for (const row of rows) expect(row).toMatchObject({ points: row.pointsNow, rank: row.rankNow, trend: 'same' });
      }),
    );
  });

  it('a what-if never changes the stored predictions or games', () => {
    fc.assert(
      fc.property(tryOut, ({ players, games, game, tried }) => {
        const before = structuredClone({ players, games });
        whatIf(players, games, config, { gameId: game.id, ...tried });
        expect({ players, games }).toEqual(before);
      }),
    );
  });

  it('only the tried game changes, and a Scheduled one counts as Live', () => {
    fc.assert(
      fc.property(tryOut, ({ games, game, tried }) => {
        const after = withTriedResult(games, { gameId: game.id, ...tried });
        after.forEach((each, index) => {
          if (each.id !== game.id) expect(each).toEqual(games[index]);
          else expect(each).toMatchObject({ ...tried, status: game.status === 'Finished' ? 'Finished' : 'Live' } satisfies Partial<Game>);
        });
      }),
    );
  });

  it('the arrow points from the rank now to the rank with the tried result', () => {
    fc.assert(
      fc.property(tryOut, ({ players, games, game, tried }) => {
        for (const row of whatIf(players, games, config, { gameId: game.id, ...tried })) {
          expect(row.trend).toBe(row.rank < row.rankNow ? 'up' : row.rank > row.rankNow ? 'down' : 'same');
        }
      }),
    );
  });
});
