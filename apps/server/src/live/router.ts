import { AsyncLocalStorage } from 'node:async_hooks';
import { hasStarted } from '@scorecast/rules';
import type { ServerContext } from '../context.js';
import { groupIdsOfUser, playersOf } from '../db/groups.js';
import { revealedPicks } from '../db/scoringInputs.js';
import type { ServerEvents } from '../events.js';
import { liveMetrics } from '../metrics.js';
import { groupViews } from '../scoring/groups.js';
import type { Hub, LiveConnection } from './hub.js';
import { notifyRecord, notifyRecordOfJson } from './protocol.js';

/**
 * The connection a change came from (the request's X-Connection-Id) and the hash of the request's
 * session, so its own changes are not echoed back. The id is no secret: only a connection of the
 * same session is spared, never another player's.
 */
export type Origin = { connection: string; session: string };
export const originConnection = new AsyncLocalStorage<Origin | undefined>();

function isOrigin(connection: LiveConnection, origin: Origin | undefined): boolean {
  return origin !== undefined && connection.id === origin.connection && connection.listener?.session === origin.session;
}

type GameEvent = ServerEvents['gameChanged'][0];
type GroupEvent = ServerEvents['groupChanged'][0];
type SessionsEvent = ServerEvents['sessionsEnded'][0];

function gameItem({ game, action }: GameEvent) {
  const { id, status, date, stage, groupLetter, homeTeam, awayTeam, homeGoals, awayGoals, correction } = game;
  const fields =
    action === 'DELETE'
      ? { id }
      : { id, status, date, stage, ...(groupLetter ? { groupLetter } : {}), homeTeam, awayTeam, homeGoals: homeGoals ?? null, awayGoals: awayGoals ?? null, ...(correction ? { correction } : {}) };
  return { entity: 'Game' as const, ...fields, ...(action ? { _action: action } : {}) };
}

/** Adds a value to the list of a key. */
const addTo = <K, V>(lists: Map<K, V[]>, key: K, value: V) => void (lists.get(key) ?? lists.set(key, []).get(key)!).push(value);

const deletedGroup = (id: string) => ({ entity: 'Group' as const, id, _action: 'DELETE' as const });

/** A player in a reveal: their champion pick (the competition has started) and their prediction of the game, if any. */
type RevealedPlayer = { login: string; championPrediction: string | null; predictions?: { gameId: number; homeGoals: number; awayGoals: number }[] };

/**
 * Turns server events into `notify` pushes. A game change is one `Game` item, the same bytes to
 * every connection; browsers derive the rankings from it. A kickoff reveals the game's predictions
 * to the members of each group; a change of a group goes whole to its members, as GET /api/groups
 * shows it to each. The connection that caused a change (X-Connection-Id) gets nothing of it.
 */
export class LiveRouter {
  /** Each connected user's group ids (for who left a group): read on connecting, kept by every group change of every process. */
  private readonly memberships = new Map<number, Set<string>>();
  /** Open sockets per user, so their group list is dropped with the last one. */
  private readonly sockets = new Map<number, number>();
  /** The last pending change of each group, so the next waits for it. */
  private readonly groupQueues = new Map<string, Promise<void>>();
  /** Stops listening to the event bus. */
  readonly close: () => void;

  constructor(
    private readonly hub: Hub,
    private readonly context: ServerContext,
  ) {
    const onGame = (event: GameEvent) => void this.gameChanged(event, originConnection.getStore()).catch(() => undefined);
    const onGroup = (event: GroupEvent) => void this.groupChanged(event, originConnection.getStore()).catch(() => undefined);
    const onSessions = (event: SessionsEvent) => this.sessionsEnded(event);
    context.events.on('gameChanged', onGame);
    context.events.on('groupChanged', onGroup);
    context.events.on('sessionsEnded', onSessions);
    this.close = () => {
      context.events.off('gameChanged', onGame);
      context.events.off('groupChanged', onGroup);
      context.events.off('sessionsEnded', onSessions);
    };
  }

  /** Learns a new connection's groups; until then it gets no group item. */
  async connected(userId: number): Promise<void> {
    this.sockets.set(userId, (this.sockets.get(userId) ?? 0) + 1);
    if (this.memberships.has(userId)) return;
    const ids = await groupIdsOfUser(this.context.db, userId);
    // The user may have left while their groups were read.
    if (this.sockets.has(userId) && !this.memberships.has(userId)) this.memberships.set(userId, new Set(ids));
  }

  /** A user's socket closed: their group list is forgotten with their last one. */
  disconnected(userId: number): void {
    const left = (this.sockets.get(userId) ?? 1) - 1;
    if (left > 0) return void this.sockets.set(userId, left);
    this.sockets.delete(userId);
    this.memberships.delete(userId);
  }

  /** Changes may have been missed (the cross-process channel was down): every client reconnects, and so reloads over HTTP. */
  reload(): void {
    this.memberships.clear();
    for (const connection of [...this.hub.connections.values()]) this.hub.close(connection, { allowReconnect: true });
  }

  /**
   * Sends the game to everyone, then, when it just started, its predictions to each group's members.
   * `changedAt` is when the change was made (in another process, for a relayed one): the time to its push is measured from it.
   */
  async gameChanged(event: GameEvent, origin: Origin | undefined, changedAt = Date.now()): Promise<void> {
    const bytes = Buffer.from(notifyRecord([gameItem(event)]));
    let pushed = 0;
    for (const connection of this.hub.connections.values()) if (!isOrigin(connection, origin) && this.hub.send(connection, bytes)) pushed++;
    if (pushed > 0) {
      liveMetrics.itemsPushed.inc(pushed);
      liveMetrics.changeToPush.observe(Math.max(0, Date.now() - changedAt) / 1000);
    }
    const started = event.action !== 'DELETE' && hasStarted(event.game) && event.started !== false;
    if (started) await this.reveal(event.game, origin);
  }

  /** The reveal: each connected member gets, for each group of theirs of the year, every player's prediction of the game and champion pick. */
  private async reveal(game: GameEvent['game'], origin: Origin | undefined): Promise<void> {
    const byLogin = new Map<string, LiveConnection[]>();
    for (const connection of this.hub.connections.values()) if (connection.listener && !isOrigin(connection, origin)) addTo(byLogin, connection.listener.login, connection);
    if (byLogin.size === 0) return;
    const groups = new Map<string, RevealedPlayer[]>();
    for (const row of await revealedPicks(this.context.db, game.id, game.year)) {
      const player: RevealedPlayer = { login: row.login, championPrediction: row.team };
      if (row.home_goals !== null && row.away_goals !== null) player.predictions = [{ gameId: game.id, homeGoals: row.home_goals, awayGoals: row.away_goals }];
      addTo(groups, row.group_id, player);
    }
    const items = new Map<LiveConnection, string[]>();
    for (const [id, players] of groups) {
      const members = players.flatMap((player) => byLogin.get(player.login) ?? []);
      if (members.length === 0) continue;
      // Written once for all the group's members: they all may see it now.
      const json = JSON.stringify({ entity: 'Group', id, players });
      for (const connection of members) addTo(items, connection, json);
    }
    for (const [connection, json] of items) if (this.hub.send(connection, notifyRecordOfJson(json))) liveMetrics.itemsPushed.inc(json.length);
  }

  /** Sends a changed group to its connected members as each sees it, and its deletion to those who left. */
  groupChanged(event: GroupEvent, origin: Origin | undefined): Promise<void> {
    // One group's changes go out in the order they came: a slower read of an older change must not
    // overwrite a newer one (a join right after the creation would reach the new member as a deletion).
    const sent = (this.groupQueues.get(event.groupId) ?? Promise.resolve()).then(() => this.sendGroup(event, origin));
    const queued = sent.catch(() => undefined);
    this.groupQueues.set(event.groupId, queued);
    void queued.then(() => this.groupQueues.get(event.groupId) === queued && this.groupQueues.delete(event.groupId));
    return sent;
  }

  private async sendGroup({ groupId, action }: GroupEvent, origin: Origin | undefined): Promise<void> {
    const members = action === 'DELETE' ? new Set<number>() : new Set((await playersOf(this.context.db, groupId)).map((player) => player.user_id));
    const views = members.size > 0 ? await groupViews(this.context.db, groupId) : undefined;
    const gone = new Set<number>();
    for (const [userId, groups] of this.memberships) {
      if (members.has(userId)) groups.add(groupId);
      else if (groups.delete(groupId)) gone.add(userId);
    }
    const sent = new Map<string, string>();
    let pushed = 0;
    for (const connection of this.hub.connections.values()) {
      const listener = connection.listener;
      if (!listener || isOrigin(connection, origin)) continue;
      if (gone.has(listener.userId) && this.hub.send(connection, notifyRecord([deletedGroup(groupId)]))) pushed++;
      if (!members.has(listener.userId) || !views) continue;
      let text = sent.get(listener.login);
      if (text === undefined) sent.set(listener.login, (text = notifyRecord([{ entity: 'Group', ...views(listener.login) }])));
      if (this.hub.send(connection, text)) pushed++;
    }
    liveMetrics.itemsPushed.inc(pushed);
  }

  /** Closes the connections of sessions that ended: their clients stop for good. */
  sessionsEnded(ended: SessionsEvent): void {
    const isEnded = (listener: NonNullable<LiveConnection['listener']>) =>
      'session' in ended ? listener.session === ended.session : listener.userId === ended.userId && listener.session !== ended.keep;
    for (const connection of [...this.hub.connections.values()]) {
      if (connection.listener && isEnded(connection.listener)) this.hub.close(connection, { error: 'The session has ended.' });
    }
  }
}
