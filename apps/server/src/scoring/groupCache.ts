import {
  isCompetitionStarted,
  rankHistory,
  rankPlayers,
  scorePlayer,
  scoringTableOf,
  type PlayerOfGroup,
  type PointConfiguration,
  type Accuracy,
} from '@scorecast/rules';
import type { Db } from '../db/database.js';
import { listGames, type StoredGame } from '../db/games.js';
import { findGroup, playersOf } from '../db/groups.js';
import { championPicksOf, predictionsOf } from '../db/predictions.js';

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

/** A group with everything derived: what every member may see is cut from it per viewer. */
type ScoredGroup = { group: WireGroup; scheduled: ReadonlySet<number>; started: boolean };

/**
 * Points, accuracies and ranks per group, derived with the rules when a group is read and kept
 * until a game of its year or the group itself changes. Nothing derived is stored.
 */
export class GroupScores {
  private readonly cache = new Map<string, { year: number; scored: Promise<ScoredGroup | undefined> }>();
  private readonly games = new Map<number, Promise<StoredGame[]>>();

  constructor(private readonly db: Db) {}

  /** The group as `viewerLogin` may see it, or undefined when it does not exist. */
  async groupFor(groupId: string, viewerLogin: string): Promise<WireGroup | undefined> {
    let entry = this.cache.get(groupId);
    if (!entry) {
      const scored = this.score(groupId);
      entry = { year: 0, scored };
      this.cache.set(groupId, entry);
      const result = await scored.catch((error: unknown) => {
        this.cache.delete(groupId);
        throw error;
      });
      if (!result) this.cache.delete(groupId);
      else entry.year = result.group.competitionYear;
    }
    const scored = await entry.scored;
    return scored && cutForViewer(scored, viewerLogin);
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

  /** Forgets everything derived from the games of a year. */
  invalidateYear(year: number): void {
    this.games.delete(year);
    for (const [id, entry] of this.cache) if (entry.year === year || entry.year === 0) this.cache.delete(id);
  }

  /** Forgets the derived state of some groups (a player, a prediction or the rules changed). */
  invalidateGroups(ids: readonly string[]): void {
    for (const id of ids) this.cache.delete(id);
  }

  private async score(groupId: string): Promise<ScoredGroup | undefined> {
    const group = await findGroup(this.db, groupId);
    if (!group) return undefined;
    const [games, members] = await Promise.all([this.gamesOf(group.year), playersOf(this.db, groupId)]);
    const ids = members.map((member) => member.user_id);
    const [predictions, picks] = await Promise.all([predictionsOf(this.db, ids, group.year), championPicksOf(this.db, ids, group.year)]);
    const loginOf = new Map(members.map((member) => [member.user_id, member.login]));
    const creator = await this.db.selectFrom('users').select('login').where('id', '=', group.creator_id).executeTakeFirst();
    const players: PlayerOfGroup[] = members.map((member) => ({
      login: member.login,
      name: member.name,
      championPick: picks.find((pick) => pick.user_id === member.user_id)?.team ?? null,
      predictions: [],
    }));
    const byLogin = new Map(players.map((player) => [player.login, player]));
    for (const row of predictions) {
      (byLogin.get(loginOf.get(row.user_id)!)!.predictions as { gameId: number; homeGoals: number; awayGoals: number }[]).push({
        gameId: row.game_id,
        homeGoals: row.home_goals,
        awayGoals: row.away_goals,
      });
    }
    const config = group.pointConfiguration;
    const table = scoringTableOf(games, config);
    const history = rankHistory(players, games, config);
    const stepOf = new Map(history.map((step, index) => [step.gameId, index]));
    const scored = players.map((player) => {
      const score = scorePlayer(player, table);
      const predictionsWithRanks = score.predictions.map((prediction): WirePrediction => {
        const index = stepOf.get(prediction.gameId);
        if (index === undefined) return prediction;
        const rank = history[index]!.ranks[player.login]!;
        const previousRank = index > 0 ? history[index - 1]!.ranks[player.login] : undefined;
        return previousRank === undefined ? { ...prediction, rank } : { ...prediction, rank, previousRank };
      });
      return { login: player.login, name: player.name, championPrediction: player.championPick ?? null, predictions: predictionsWithRanks, points: score.points };
    });
    return {
      group: {
        id: group.id,
        name: group.name,
        creator: creator?.login ?? '',
        competitionYear: group.year,
        ...(group.max_players === null ? {} : { maxPlayers: group.max_players }),
        players: rankPlayers(scored),
        pointConfiguration: config,
      },
      scheduled: new Set(games.filter((game) => game.status === 'Scheduled').map((game) => game.id)),
      started: isCompetitionStarted(games),
    };
  }
}

// Another player's prediction of a game that has not started, and another player's champion pick
// before the competition starts, never leave the server.
function cutForViewer(scored: ScoredGroup, viewerLogin: string): WireGroup {
  const players = scored.group.players.map((player) => {
    if (player.login === viewerLogin) return player;
    const { championPrediction, ...rest } = player;
    return {
      ...rest,
      ...(scored.started ? { championPrediction } : {}),
      predictions: player.predictions.filter((prediction) => !scored.scheduled.has(prediction.gameId)),
    };
  });
  return { ...scored.group, players };
}
