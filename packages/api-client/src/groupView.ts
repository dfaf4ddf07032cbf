import { hasStarted, isChampionPickRevealed, isCompetitionStarted, isPredictionRevealed, rankGroup, type Game as RulesGame } from '@scorecast/rules';
import type { Group } from './contract/groups.js';

/** A player as a group's ranking is made of them: their picks, nothing derived. */
export type PlayerPicks = {
  login: string;
  name: string;
  championPrediction?: string | null | undefined;
  predictions: readonly { gameId: number; homeGoals: number; awayGoals: number }[];
};

/** A group as its ranking is made of it: its fields and its players' picks (a `Group` is one too). */
export type GroupPicks = Omit<Group, 'players'> & { players: readonly PlayerPicks[] };

/**
 * The group as `viewer` sees it, everything derived with `@scorecast/rules` from the picks and the
 * games of its year: each player's points and rank, each prediction's accuracy, points and ranks
 * (for the arrow). Another player's prediction of a game that has not started, and another player's
 * champion pick before the competition starts, are left out; so are predictions of games that are
 * no longer in `games`. The server answers `GET /api/groups` with this, and the web app derives its
 * groups with it after every live item, so both hold the same.
 * @example viewOfGroup(group, games, 'ann@example.com').players[0]?.rank // 1
 */
export function viewOfGroup(group: GroupPicks, games: readonly RulesGame[], viewer: string): Group {
  const scheduled = new Set(games.filter((game) => !hasStarted(game)).map((game) => game.id));
  const known = new Set(games.map((game) => game.id));
  const competitionStarted = isCompetitionStarted(games);
  const players = group.players.map(({ login, name, championPrediction, predictions }) => {
    const own = login === viewer;
    const pickRevealed = isChampionPickRevealed({ own, competitionStarted });
    return {
      login,
      name,
      ...(pickRevealed ? { championPrediction: championPrediction ?? null } : {}),
      championPick: pickRevealed ? championPrediction : undefined,
      predictions: predictions
        .filter((prediction) => known.has(prediction.gameId) && isPredictionRevealed({ own, started: !scheduled.has(prediction.gameId) }))
        .map(({ gameId, homeGoals, awayGoals }) => ({ gameId, homeGoals, awayGoals }))
        // In one order, however they were read or merged.
        .sort((a, b) => a.gameId - b.gameId),
    };
  });
  const { players: _players, ...fields } = group;
  return { ...fields, players: rankGroup(players, games, group.pointConfiguration).map(({ championPick: _pick, ...player }) => player) };
}
