import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { defaultPointConfiguration, finishedRankHistory, rankLineOf, rankPlayers, scorePlayer, scoringTableOf, type Game, type PlayerOfGroup } from './index.js';
import { score } from '../test/arbitraries/game.js';
import { gameOf, groupAndGames, groupOver } from '../test/arbitraries/group.js';

const config = defaultPointConfiguration(2024);

describe('finishedRankHistory', () => {
  it("the history's last step equals the current ranking (of the Finished games)", () => {
    fc.assert(
      fc.property(groupAndGames(), ({ players, games }) => {
        const finished = games.filter((game) => game.status === 'Finished');
        const table = scoringTableOf(finished, config);
        const ranking = rankPlayers(players.map((player) => ({ login: player.login, name: player.name, points: scorePlayer(player, table).points })));
        const last = finishedRankHistory(players, games, config).at(-1);
        if (!last) {
          expect(scoringTableOf(finished, config).counted.size).toBe(0);
          return;
        }
        expect(last.ranks).toEqual(Object.fromEntries(ranking.map((player) => [player.login, player.rank])));
      }),
    );
  });

  it('a game nobody predicted differently leaves ranks unchanged', () => {
    const sameForAll = fc
      .tuple(groupAndGames('Finished'), fc.option(score, { nil: undefined }), gameOf(100, 'Finished'))
      .map(([{ players, games }, common, game]) => {
        // Played after every other game, outside the Final (whose champion points do change ranks).
        const last: Game = { ...game, stage: game.stage === 'Final' ? 'Group' : game.stage, date: '2024-08-01T19:00:00Z' };
        const everybody = players.map((player): PlayerOfGroup => ({ ...player, predictions: common ? [...player.predictions, { gameId: last.id, ...common }] : player.predictions }));
        return { players: everybody, games: [...games, last] };
      });
    fc.assert(
      fc.property(sameForAll, ({ players, games }) => {
        const history = finishedRankHistory(players, games, config);
        if (history.length < 2 || history.at(-1)!.gameId !== 100) return;
        expect(history.at(-1)!.ranks).toEqual(history.at(-2)!.ranks);
      }),
    );
  });

  it('grows by one step per Finished game and tells its day', () => {
    fc.assert(
      fc.property(groupAndGames(), ({ players, games }) => {
        const history = finishedRankHistory(players, games, config);
        expect(history.length).toBe(scoringTableOf(games.filter((game) => game.status === 'Finished'), config).counted.size);
        for (const step of history) expect(step.day).toBe(games.find((game) => game.id === step.gameId)!.date.slice(0, 10));
      }),
    );
  });

  it("a player's line has a rank per step", () => {
    fc.assert(
      fc.property(
        groupAndGames().chain(({ games }) => groupOver(games).map((players) => ({ games, players }))),
        ({ players, games }) => {
          const history = finishedRankHistory(players, games, config);
          for (const player of players) expect(rankLineOf(history, player.login)).toEqual(history.map((step) => step.ranks[player.login]));
        },
      ),
    );
  });
});
