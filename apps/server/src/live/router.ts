import { ACCOUNT_DELETED_ERROR, SESSION_ENDED_ERROR } from '@scorecast/api-client';
import { hasStarted } from '@scorecast/rules';
import type { ServerContext } from '../context.js';
import { listGames } from '../db/games.js';
import { groupIdsOfUser, seatsOf } from '../db/groups.js';
import { sessionsGoingOn } from '../db/tokens.js';
import { revealedPicks } from '../db/scoringInputs.js';
import type { Origin, ServerEvents } from '../events.js';
import { liveMetrics } from '../metrics.js';
import { groupViews } from '../scoring/groups.js';
import { notifyRecord, notifyRecordOfJson, type Hub, type LiveConnection } from './hub.js';

function isOrigin(connection: LiveConnection, origin: Origin | undefined): boolean {
  return origin !== undefined && connection.id === origin.connection && connection.listener?.session === origin.session;
}

type GameEvent = ServerEvents['gameChanged'][0];
type GroupEvent = ServerEvents['groupChanged'][0];
type Listener = NonNullable<LiveConnection['listener']>;
type SessionsEvent = ServerEvents['sessionsEnded'][0];

/** A game's live item: whole, its correction note null when it has none (a dropped note goes). */
function gameItem({ game, action }: GameEvent) {
  const { id, number, status, date, stage, groupLetter, homeTeam, awayTeam, homeGoals, awayGoals, correction } = game;
  const fields =
    action === 'DELETE'
      ? { id }
      : { id, number, status, date, stage, ...(groupLetter ? { groupLetter } : {}), homeTeam, awayTeam, homeGoals: homeGoals ?? null, awayGoals: awayGoals ?? null, correction: correction ?? null };
  return { entity: 'Game' as const, ...fields, ...(action ? { _action: action } : {}) };
}

/** Adds a value to the list of a key. */
const addTo = <K, V>(lists: Map<K, V[]>, key: K, value: V) => void (lists.get(key) ?? lists.set(key, []).get(key)!).push(value);

/** A group gone for the player: deleted by its creator (`deleted`), or the player is no longer in it. */
const goneGroup = (id: string, deleted: boolean) => ({ entity: 'Group' as const, id, _action: 'DELETE' as const, ...(deleted ? { deleted: true as const } : {}) });

/** A group's year and who sits in it. */
type Seats = { year: number; players: { userId: number; login: string }[] };

/** Seat rows by group. */
function seatsByGroup(rows: Awaited<ReturnType<typeof seatsOf>>): Map<string, Seats> {
  const groups = new Map<string, Seats>();
  for (const { group_id, user_id, login, year } of rows) {
    if (!groups.has(group_id)) groups.set(group_id, { year, players: [] });
    groups.get(group_id)!.players.push({ userId: user_id, login });
  }
  return groups;
}

/**
 * Turns server events into `notify` pushes. A game change is one `Game` item, the same bytes to
 * every connection; browsers derive the rankings from it. A kickoff reveals the game's predictions
 * to the members of each group; a change of a group goes whole to its members, as GET /api/groups
 * shows it to each. The connection that caused a change (X-Connection-Id) gets nothing of it.
 */
export class LiveRouter {
  /**
   * The seats of every group of a connected member (and of groups changed since): read on
   * connecting, read again on every change of the group in any process, dropped on a reload.
   */
  private readonly seats = new Map<string, Seats>();
  /** Counts group changes and reloads: a seat read that one overtook is read again. */
  private changes = 0;
  /** Seat reads under way: a reveal waits for them. */
  private readonly reading = new Set<Promise<void>>();
  /** The last pending change of each group, so the next waits for it. */
  private readonly groupQueues = new Map<string, Promise<void>>();
  /** Stops listening to the event bus. */
  readonly close: () => void;

  constructor(
    private readonly hub: Hub,
    private readonly context: ServerContext,
  ) {
    // A game change goes out here after this turn of the event loop, once the cross-process notice
    // was sent: the other processes then push at the same time as this one, not after it.
    const onGame = (event: GameEvent) => void setImmediate(() => void this.gameChanged(event));
    const onGroup = (event: GroupEvent) => void this.groupChanged(event);
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

  /** Learns the seats of a new connection's groups, for its reveals. */
  connected(userId: number): Promise<void> {
    const read = (async () => {
      for (let changes = -1; changes !== this.changes; ) {
        changes = this.changes;
        const ids = (await groupIdsOfUser(this.context.db, userId)).filter((id) => !this.seats.has(id));
        const groups = seatsByGroup(await seatsOf(this.context.db, ids));
        if (changes === this.changes) for (const [id, seats] of groups) this.seats.set(id, seats);
      }
    })();
    this.reading.add(read);
    return read.finally(() => this.reading.delete(read));
  }

  /** Changes may have been missed (the cross-process channel was down): every client reconnects, and so reloads over HTTP. */
  reload(): void {
    this.changes++;
    this.seats.clear();
    for (const connection of [...this.hub.connections.values()]) this.hub.close(connection, { allowReconnect: true });
  }

  /**
   * Sends the game to everyone, then, when it just started, its predictions to each group's members.
   * `changedAt` is when the change was made (in another process, for a relayed one): the time to its push is measured from it.
   */
  async gameChanged(event: GameEvent, changedAt = Date.now()): Promise<void> {
    const bytes = Buffer.from(notifyRecord([gameItem(event)]));
    let pushed = 0;
    for (const connection of this.hub.connections.values()) if (this.hub.send(connection, bytes)) pushed++;
    if (pushed > 0) {
      liveMetrics.itemsPushed.inc(pushed);
      liveMetrics.changeToPush.observe(Math.max(0, Date.now() - changedAt) / 1000);
    }
    const started = event.action !== 'DELETE' && hasStarted(event.game) && event.started !== false;
    if (started) await this.reveal(event.game).catch((error: unknown) => this.missed('a kickoff\'s predictions', error));
  }

  /**
   * A push that could not be made (its database read failed: a table locked, the pool exhausted at
   * kickoff) would be missed for good: every client reconnects, and so reloads over HTTP.
   */
  private missed(what: string, error: unknown): void {
    this.context.log.warn({ reason: (error as Error).message }, `${what} could not be pushed: the live clients reconnect and reload`);
    this.reload();
  }

  /**
   * The reveal: each connected member gets, in one push, for each group of theirs of the year, the
   * game's predictions of its players. The champion picks come only with the tournament's first
   * kickoff (no game before it has started): from then on GET /api/groups shows them too.
   */
  private async reveal(game: GameEvent['game']): Promise<void> {
    const listeners = new Map<number, LiveConnection[]>();
    for (const connection of this.hub.connections.values()) if (connection.listener) addTo(listeners, connection.listener.userId, connection);
    if (listeners.size === 0) return;
    const first = !(await listGames(this.context.db, game.year)).some((other) => other.date < game.date && hasStarted(other));
    const { predictions, champions } = await revealedPicks(this.context.db, game.id, first ? game.year : undefined);
    // A failed read costs only its own connection (see plugin.ts), not everyone's reveal.
    await Promise.allSettled(this.reading);
    // A player's part is the same in each of their groups: written once.
    const parts = new Map<number, string>();
    const partOf = ({ userId, login }: Seats['players'][number]) => {
      let part = parts.get(userId);
      if (part !== undefined) return part;
      const prediction = predictions.get(userId);
      const team = champions.get(userId);
      const player = { login, ...(team ? { championPrediction: team } : {}), ...(prediction ? { predictions: [{ gameId: game.id, homeGoals: prediction.home_goals, awayGoals: prediction.away_goals }] } : {}) };
      parts.set(userId, (part = prediction || team ? JSON.stringify(player) : ''));
      return part;
    };
    // Each group's item is written once, when its first member's push is made; each push goes out
    // as soon as it is made, so clients read while the next are written.
    const items = new Map<string, Buffer | undefined>();
    const itemOf = (id: string) => {
      if (items.has(id)) return items.get(id);
      const revealed = this.seats.get(id)!.players.map(partOf).filter((part) => part !== '');
      const item = revealed.length > 0 ? Buffer.from(`{"entity":"Group","id":${JSON.stringify(id)},"players":[${revealed.join(',')}]}`) : undefined;
      items.set(id, item);
      return item;
    };
    const groupsOf = new Map<number, string[]>();
    for (const [id, { year, players }] of this.seats) if (year === game.year) for (const { userId } of players) if (listeners.has(userId)) addTo(groupsOf, userId, id);
    for (const [userId, ids] of groupsOf) {
      const groups = ids.flatMap((id) => itemOf(id) ?? []);
      if (groups.length === 0) continue;
      const push = notifyRecordOfJson(groups);
      for (const connection of listeners.get(userId)!) if (this.hub.send(connection, push)) liveMetrics.itemsPushed.inc(groups.length);
    }
  }

  /** Sends a changed group to its connected members, each as GET /api/groups shows it to them. */
  groupChanged(event: GroupEvent): Promise<void> {
    this.changes++;
    // One group's changes go out in the order they came: a slower read of an older change must not
    // overwrite a newer one (a join right after the creation would reach the new member as a deletion).
    const sent = (this.groupQueues.get(event.groupId) ?? Promise.resolve()).then(() => this.sendGroup(event)).catch((error: unknown) => this.missed('a group change', error));
    this.groupQueues.set(event.groupId, sent);
    void sent.then(() => this.groupQueues.get(event.groupId) === sent && this.groupQueues.delete(event.groupId));
    return sent;
  }

  private async sendGroup({ groupId, action, origin }: GroupEvent): Promise<void> {
    const before = this.seats.get(groupId)?.players ?? [];
    const seats = action === 'DELETE' ? undefined : seatsByGroup(await seatsOf(this.context.db, [groupId])).get(groupId);
    if (seats) this.seats.set(groupId, seats);
    else this.seats.delete(groupId);
    const members = new Set(seats?.players.map((player) => player.userId));
    const gone = new Set(before.map((player) => player.userId).filter((userId) => !members.has(userId)));
    const views = members.size > 0 ? await groupViews(this.context.db, groupId) : undefined;
    const sent = new Map<string, string>();
    let pushed = 0;
    for (const connection of this.hub.connections.values()) {
      const listener = connection.listener;
      if (!listener || isOrigin(connection, origin)) continue;
      if (gone.has(listener.userId) && this.hub.send(connection, notifyRecord([goneGroup(groupId, action === 'DELETE')]))) pushed++;
      if (!members.has(listener.userId) || !views) continue;
      let text = sent.get(listener.login);
      if (text === undefined) sent.set(listener.login, (text = notifyRecord([{ entity: 'Group', ...views(listener.login) }])));
      if (this.hub.send(connection, text)) pushed++;
    }
    liveMetrics.itemsPushed.inc(pushed);
  }

  /** Closes the connections of sessions that ended: their clients stop for good. */
  sessionsEnded(ended: SessionsEvent): void {
    const isEnded = (listener: Listener) => ('session' in ended ? listener.session === ended.session : listener.userId === ended.userId && listener.session !== ended.keep);
    this.closeSessions(isEnded, 'accountDeleted' in ended && ended.accountDeleted ? ACCOUNT_DELETED_ERROR : SESSION_ENDED_ERROR);
  }

  /**
   * Closes the connections of sessions that ran out (365 days after the login, 90 unused), which the
   * API refuses already: no event says so. Only the sessions asked about are judged, so one that
   * connected meanwhile stays.
   */
  async closeRunOutSessions(): Promise<void> {
    const asked = new Set<string>();
    for (const connection of this.hub.connections.values()) if (connection.listener) asked.add(connection.listener.session);
    if (asked.size === 0) return;
    const going = await sessionsGoingOn(this.context.db, [...asked], this.context.clock.now());
    this.closeSessions((listener) => asked.has(listener.session) && !going.has(listener.session), SESSION_ENDED_ERROR);
  }

  /** `error`: what the close message tells the clients (the api-client's words). */
  private closeSessions(isEnded: (listener: Listener) => boolean, error: string): void {
    for (const connection of [...this.hub.connections.values()]) {
      if (connection.listener && isEnded(connection.listener)) this.hub.close(connection, { error });
    }
    this.hub.refusePending(isEnded);
  }
}
