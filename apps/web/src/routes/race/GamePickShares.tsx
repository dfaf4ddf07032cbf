import type { Game, Group } from '@scorecast/api-client';
import { pickSharesOf } from '@scorecast/rules';
import { PickShares } from '@scorecast/ui';

/** How the group picked a game, under it once it has kicked off (the rules keep it secret before). */
export function GamePickShares({ game, group }: { game: Game; group: Group }) {
  const predictions = group.players.flatMap((player) => player.predictions.filter((prediction) => prediction.gameId === game.id));
  const shares = pickSharesOf(game, predictions, group.pointConfiguration);
  return shares ? <PickShares shares={shares} homeTeam={game.homeTeam} awayTeam={game.awayTeam} /> : null;
}
