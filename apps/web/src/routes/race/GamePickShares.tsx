import type { Game, Group } from '@scorecast/api-client';
import { hasStarted, pickSharesOf, type Score } from '@scorecast/rules';
import { PickShares } from '@scorecast/ui';

// A group object is replaced, never changed, when it updates: its predictions sorted by game once
// serve every game row of the dashboard until then.
const predictionsByGameOf = new WeakMap<Group, Map<number, Score[]>>();

function predictionsOf(group: Group, gameId: number): Score[] {
  let byGame = predictionsByGameOf.get(group);
  if (!byGame) {
    byGame = new Map();
    for (const player of group.players) {
      for (const prediction of player.predictions) {
        const list = byGame.get(prediction.gameId);
        if (list) list.push(prediction);
        else byGame.set(prediction.gameId, [prediction]);
      }
    }
    predictionsByGameOf.set(group, byGame);
  }
  return byGame.get(gameId) ?? [];
}

/** How the group picked a game, under it once it has kicked off (the rules keep it secret before). */
export function GamePickShares({ game, group }: { game: Game; group: Group }) {
  if (!hasStarted(game)) return null;
  const shares = pickSharesOf(game, predictionsOf(group, game.id), group.pointConfiguration);
  return shares ? <PickShares shares={shares} homeTeam={game.homeTeam} awayTeam={game.awayTeam} /> : null;
}
