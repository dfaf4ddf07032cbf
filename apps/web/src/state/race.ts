import type { Game, Group } from '@scorecast/api-client';
import { hasStarted, type PlayerOfGroup, type Score } from '@scorecast/rules';

/** A group's players as the rules take them: the wire's champion prediction is the rules' champion pick. */
export function playersOfGroup(group: Group): PlayerOfGroup[] {
  return group.players.map((player) => ({ login: player.login, name: player.name, predictions: player.predictions, championPick: player.championPrediction }));
}

/** A Live game's score, or 0:0 before kickoff: where trying a result starts. */
export function scoreNow(game: Pick<Game, 'status' | 'homeGoals' | 'awayGoals'>): Score {
  return hasStarted(game) ? { homeGoals: game.homeGoals ?? 0, awayGoals: game.awayGoals ?? 0 } : { homeGoals: 0, awayGoals: 0 };
}
