import type { Game, Group, LiveUpdate, Player, PlayerUpdate } from '@scorecast/api-client';
import { rankPlayers } from '@scorecast/rules';

/** What a batch of live updates means to the player, for the messages and confetti. */
export type LiveEvent =
  | { kind: 'gameStarted'; game: Game }
  | { kind: 'gameFinished'; game: Game }
  | { kind: 'newGameScore'; game: Game }
  | { kind: 'playerJoined'; groupId: string; name: string }
  | { kind: 'playerLeft'; groupId: string; name: string };

export type LiveState = { games: Game[]; groups: Group[] };

/**
 * Merges live update items into the games and groups (spec section 4): changed fields replace the old
 * ones, `_action: 'DELETE'` removes, a new group is added only when the player is in it.
 * @example mergeLiveUpdates({ games, groups }, [{ entity: 'Game', id: 3, status: 'Live' }], 'ann@example.com').events[0]?.kind // 'gameStarted'
 */
export function mergeLiveUpdates(state: LiveState, updates: readonly LiveUpdate[], ownLogin: string): LiveState & { events: LiveEvent[] } {
  let { games, groups } = state;
  const events: LiveEvent[] = [];
  for (const update of updates) {
    if (update.entity === 'Game') {
      const { entity: _entity, _action, ...fields } = update;
      if (_action === 'DELETE') {
        games = games.filter((game) => game.id !== update.id);
        continue;
      }
      const old = games.find((game) => game.id === update.id);
      if (!old) {
        const parsed = fields as Game;
        if (parsed.date && parsed.stage && parsed.homeTeam && parsed.awayTeam && parsed.status) games = [...games, parsed];
        continue;
      }
      const game: Game = { ...old, ...fields };
      games = games.map((each) => (each.id === game.id ? game : each));
      if (old.status !== game.status && game.status === 'Live') events.push({ kind: 'gameStarted', game });
      else if (old.status !== game.status && game.status === 'Finished') events.push({ kind: 'gameFinished', game });
      else if (old.homeGoals !== game.homeGoals || old.awayGoals !== game.awayGoals) events.push({ kind: 'newGameScore', game });
      continue;
    }
    const { entity: _entity, _action, ...fields } = update;
    if (_action === 'DELETE') {
      groups = groups.filter((group) => group.id !== update.id);
      continue;
    }
    const old = groups.find((group) => group.id === update.id);
    if (!old) {
      const group = fields as Group;
      if (group.players?.every(isWholePlayer) && group.players.some((player) => player.login === ownLogin)) groups = [...groups, group];
      continue;
    }
    const { players, ...groupFields } = fields;
    // Whole players are the roster; parts (a goal) update just the players they name.
    const roster = players?.length && players.every(isWholePlayer) ? players : undefined;
    const group: Group = { ...old, ...groupFields, players: roster ?? (players ? mergePlayers(old.players, players) : old.players) };
    if (roster) {
      const before = new Set(old.players.map((player) => player.login));
      const after = new Set(group.players.map((player) => player.login));
      for (const player of group.players) if (!before.has(player.login) && player.login !== ownLogin) events.push({ kind: 'playerJoined', groupId: group.id, name: player.name });
      for (const player of old.players) if (!after.has(player.login) && player.login !== ownLogin) events.push({ kind: 'playerLeft', groupId: group.id, name: player.name });
    }
    // A group the player was removed from is no longer theirs.
    groups = group.players.some((player) => player.login === ownLogin) ? groups.map((each) => (each.id === group.id ? group : each)) : groups.filter((each) => each.id !== group.id);
  }
  return { games, groups, events };
}

function isWholePlayer(player: PlayerUpdate): player is Player {
  return player.name !== undefined && player.predictions !== undefined && player.rank !== undefined && player.points !== undefined;
}

/**
 * The known players with the parts sent for some of them merged in (a prediction part merges into
 * the known one of its game), in the order of the ranking their new points make.
 */
function mergePlayers(known: readonly Player[], parts: readonly PlayerUpdate[]): Player[] {
  const byLogin = new Map(parts.map((part) => [part.login, part]));
  const merged = known.map((player) => {
    const part = byLogin.get(player.login);
    if (!part) return player;
    const { predictions: moved, ...fields } = part;
    if (!moved) return { ...player, ...fields };
    const byGame = new Map(moved.map((prediction) => [prediction.gameId, prediction]));
    const predictions = player.predictions.map((prediction) => {
      const update = byGame.get(prediction.gameId);
      byGame.delete(prediction.gameId);
      return update ? { ...prediction, ...update } : prediction;
    });
    // What was not known yet (a game that just started) comes whole.
    for (const prediction of byGame.values()) if (prediction.homeGoals !== undefined && prediction.awayGoals !== undefined) predictions.push({ ...prediction, homeGoals: prediction.homeGoals, awayGoals: prediction.awayGoals });
    return { ...player, ...fields, predictions };
  });
  return rankPlayers(merged);
}
