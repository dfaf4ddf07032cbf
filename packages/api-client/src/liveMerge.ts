import { gameOf, yearOf } from '@scorecast/rules';
import { groupLetterOf, type Game } from './contract/games.js';
import type { Group, Player } from './contract/groups.js';
import type { LiveUpdate, PlayerUpdate } from './contract/live.js';
import { viewOfGroup, type PlayerPicks } from './groupView.js';

/** What a batch of live updates means to the player, for the messages and confetti. */
export type LiveEvent =
  | { kind: 'gameStarted'; game: Game }
  | { kind: 'gameFinished'; game: Game }
  | { kind: 'newGameScore'; game: Game }
  | { kind: 'playerJoined'; groupId: string; name: string }
  | { kind: 'playerLeft'; groupId: string; name: string }
  /** The player is no longer in a group they held: `deleted` when its creator deleted it. */
  | { kind: 'groupGone'; groupId: string; name: string; deleted: boolean };

/** What a player holds of the live state: the games (of one or more years) and their groups. */
export type LiveState = { games: Game[]; groups: Group[] };

/**
 * Merges live items into the games and groups (spec section 4), then derives every group they
 * touched with {@link viewOfGroup}, as `GET /api/groups` does: a `Game` item replaces the changed
 * fields of its game (and re-ranks the groups of its year); a `Group` item of whole players is the
 * group; one of players in part (the reveal at kickoff) adds or replaces the predictions and
 * champion pick it names; `_action: 'DELETE'` removes. A new group is added only when the player
 * is in it.
 * @example mergeLiveUpdates({ games, groups }, [{ entity: 'Game', id: 3, status: 'Live', homeGoals: 0, awayGoals: 0 }], 'ann@example.com').events[0]?.kind // 'gameStarted'
 */
export function mergeLiveUpdates(state: LiveState, updates: readonly LiveUpdate[], ownLogin: string): LiveState & { events: LiveEvent[] } {
  let { games, groups } = state;
  const events: LiveEvent[] = [];
  const years = new Set<number>();
  const touched = new Set<string>();
  for (const update of updates) {
    if (update.entity === 'Game') {
      const { entity: _entity, _action, ...fields } = update;
      const old = games.find((game) => game.id === update.id);
      if (old) years.add(yearOf(old));
      if (_action === 'DELETE') {
        games = games.filter((game) => game.id !== update.id);
        continue;
      }
      // A note the server dropped (an undone result's, once its game is played) comes as null.
      if (fields.correction === null) delete fields.correction;
      if (!old) {
        const { date, stage, homeTeam, awayTeam, status } = fields;
        const parsed = date && stage && homeTeam && awayTeam && status ? gameOf({ ...fields, date, stage, homeTeam, awayTeam, status }) : undefined;
        if (parsed) {
          games = [...games, parsed];
          years.add(yearOf(parsed));
        }
        continue;
      }
      // The status sets which goals the game has: a game set back to Scheduled loses its goals.
      const merged = { ...old, ...fields };
      if (groupLetterOf(merged) === undefined) delete merged.groupLetter;
      if (update.correction === null) delete merged.correction;
      const game: Game | undefined = gameOf(merged);
      if (!game) continue;
      years.add(yearOf(game));
      games = games.map((each) => (each.id === game.id ? game : each));
      if (old.status !== game.status && game.status === 'Live') events.push({ kind: 'gameStarted', game });
      else if (old.status !== game.status && game.status === 'Finished') events.push({ kind: 'gameFinished', game });
      // A new score only while the status stays: a game set back to Scheduled has none to tell.
      else if (old.status === game.status && (old.homeGoals !== game.homeGoals || old.awayGoals !== game.awayGoals)) events.push({ kind: 'newGameScore', game });
      continue;
    }
    const { entity: _entity, _action, deleted, ...fields } = update;
    if (_action === 'DELETE') {
      const gone = groups.find((group) => group.id === update.id);
      if (gone) events.push({ kind: 'groupGone', groupId: gone.id, name: gone.name, deleted: deleted === true });
      groups = groups.filter((group) => group.id !== update.id);
      continue;
    }
    touched.add(update.id);
    const old = groups.find((group) => group.id === update.id);
    if (!old) {
      const group = fields as Group;
      if (group.players?.every(isWholePlayer) && group.players.some((player) => player.login === ownLogin)) groups = [...groups, group];
      continue;
    }
    const { players, ...groupFields } = fields;
    // Whole players are the roster; players in part (the reveal) add what they carry to the known ones.
    const roster = players?.length && players.every(isWholePlayer) ? players : undefined;
    const group: Group = { ...old, ...groupFields, players: roster ?? (players ? withParts(old.players, players) : old.players) };
    if (roster) {
      const before = new Set(old.players.map((player) => player.login));
      const after = new Set(group.players.map((player) => player.login));
      for (const player of group.players) if (!before.has(player.login) && player.login !== ownLogin) events.push({ kind: 'playerJoined', groupId: group.id, name: player.name });
      for (const player of old.players) if (!after.has(player.login) && player.login !== ownLogin) events.push({ kind: 'playerLeft', groupId: group.id, name: player.name });
    }
    // A group the player was removed from is no longer theirs.
    groups = group.players.some((player) => player.login === ownLogin) ? groups.map((each) => (each.id === group.id ? group : each)) : groups.filter((each) => each.id !== group.id);
  }
  const derived = groups.map((group) => {
    if (!touched.has(group.id) && !years.has(group.competitionYear)) return group;
    const ofYear = games.filter((game) => yearOf(game) === group.competitionYear);
    return ofYear.length > 0 ? viewOfGroup(group, ofYear, ownLogin) : group;
  });
  return { games, groups: derived, events };
}

function isWholePlayer(player: PlayerUpdate): player is Player {
  return player.name !== undefined && player.predictions !== undefined && player.rank !== undefined && player.points !== undefined;
}

/** The known players with what the parts carry for them: predictions replace those of their game, or are added. */
function withParts(known: readonly Player[], parts: readonly PlayerUpdate[]): Player[] {
  const byLogin = new Map(parts.map((part) => [part.login, part]));
  return known.map((player) => {
    const part = byLogin.get(player.login);
    if (!part) return player;
    const picks: PlayerPicks = { ...player };
    if (part.championPrediction !== undefined) picks.championPrediction = part.championPrediction;
    const sent = (part.predictions ?? []).flatMap(({ gameId, homeGoals, awayGoals }) => (homeGoals === undefined || awayGoals === undefined ? [] : [{ gameId, homeGoals, awayGoals }]));
    const replaced = new Set(sent.map((prediction) => prediction.gameId));
    // Ranked again right after: the derived fields of these predictions are worked out then.
    return { ...player, ...picks, predictions: [...player.predictions.filter((prediction) => !replaced.has(prediction.gameId)), ...sent] };
  });
}
