import { AsyncLocalStorage } from 'node:async_hooks';
import type { ServerContext } from '../context.js';
import { groupIdsOfUser, groupIdsOfYear, playersOf } from '../db/groups.js';
import type { ServerEvents } from '../events.js';
import { groupItemJson, writeGroupScores, type GroupItemsJson, type ScoredGroup } from '../scoring/groupCache.js';
import { JsonBytes } from '../scoring/jsonBytes.js';
import type { Hub, LiveConnection } from './hub.js';
import { NOTIFY_HEAD, NOTIFY_TAIL, notifyRecord, notifyRecordOfJson } from './protocol.js';
import { QuietCollector } from './quietCollector.js';

/** The X-Connection-Id of the request being handled, so its own changes are not echoed back. */
export const originConnection = new AsyncLocalStorage<string | undefined>();

type GameEvent = ServerEvents['gameChanged'][0];
type GroupEvent = ServerEvents['groupChanged'][0];

function gameItem({ game, action }: GameEvent) {
  const { id, status, date, stage, homeTeam, awayTeam, homeGoals, awayGoals } = game;
  const fields = action === 'DELETE' ? { id } : { id, status, date, stage, homeTeam, awayTeam, homeGoals: homeGoals ?? null, awayGoals: awayGoals ?? null };
  return { entity: 'Game' as const, ...fields, ...(action ? { _action: action } : {}) };
}

// What a goal's part of a group takes: its head, and for each player whose points, rank and
// prediction of the game moved, about 110 bytes with a login of 20 characters.
const PART_BYTES_PER_GROUP = 64;
const PART_BYTES_PER_PLAYER = 128;

const deletedGroup = (id: string) => ({ entity: 'Group' as const, id, _action: 'DELETE' as const });

/**
 * Turns server events into `notify` pushes: Game items to everyone, a Group item (as GET
 * /api/groups shows it to that member) to the group's members only. One change is one push per
 * connection, and the connection that caused it (X-Connection-Id) gets nothing.
 */
export class LiveRouter {
  /** The group ids each connected user belongs to, as far as this process knows. */
  private readonly memberships = new Map<number, Set<string>>();
  /** Open sockets per user, so their group list is dropped with the last one. */
  private readonly sockets = new Map<number, number>();
  /** The group lists being read, per user. */
  private readonly learning = new Map<number, Promise<void>>();
  /** The connected users who got their groups on connecting: they hold a state of each. */
  private readonly welcomed = new Set<number>();
  /** How many welcomed users belong to each group. */
  private readonly holders = new Map<string, number>();
  private readonly welcomeQueue: LiveConnection[] = [];
  private welcomes: Promise<void> | undefined;
  /**
   * Each group as all its connected members hold it (from the last push, or from what they got on
   * connecting), so the next push of a game change carries only what moved. A group that changed
   * itself, or whose members hold different states, goes out whole next time.
   */
  private readonly pushed = new Map<string, ScoredGroup>();
  /** Where the groups' parts of goal pushes are written, and who got views of the last ones. */
  private parts = new JsonBytes();
  private partReaders: LiveConnection[] = [];
  private readonly stop: () => void;
  private readonly queuedGames: { event: GameEvent; origin: string | undefined }[] = [];
  private gamePushes: Promise<void> | undefined;

  constructor(
    private readonly hub: Hub,
    private readonly context: ServerContext,
    /** Collects the garbage of welcomes and goal pushes once they are out. */
    private readonly collector = new QuietCollector(),
  ) {
    const onGame = (event: GameEvent) => void this.gameChanged(event, originConnection.getStore()).catch(() => undefined);
    const onGroup = (event: GroupEvent) => void this.groupChanged(event, originConnection.getStore()).catch(() => undefined);
    context.events.on('gameChanged', onGame);
    context.events.on('groupChanged', onGroup);
    hub.onConnected = (connection) => {
      if (!connection.listener) return;
      this.welcomeQueue.push(connection);
      this.welcomes ??= this.sendWelcomes().finally(() => (this.welcomes = undefined));
    };
    this.stop = () => {
      context.events.off('gameChanged', onGame);
      context.events.off('groupChanged', onGroup);
    };
  }

  /** Stops listening to the event bus. */
  close(): void {
    this.stop();
    this.collector.cancel();
  }

  /** Learns a new connection's groups; until then it gets Game items only. */
  async connected(userId: number): Promise<void> {
    this.sockets.set(userId, (this.sockets.get(userId) ?? 0) + 1);
    if (this.memberships.has(userId)) return;
    let learning = this.learning.get(userId);
    if (!learning) {
      learning = groupIdsOfUser(this.context.db, userId).then((ids) => {
        // The user may have left while their groups were read.
        if (this.sockets.has(userId) && !this.memberships.has(userId)) this.memberships.set(userId, new Set(ids));
      });
      this.learning.set(userId, learning);
      void learning.finally(() => this.learning.delete(userId)).catch(() => undefined);
    }
    await learning;
  }

  /** A user's socket closed: their group list is forgotten with their last one. */
  disconnected(userId: number): void {
    const left = (this.sockets.get(userId) ?? 1) - 1;
    if (left > 0) return void this.sockets.set(userId, left);
    this.sockets.delete(userId);
    if (this.welcomed.delete(userId)) for (const id of this.memberships.get(userId) ?? []) this.countHolder(id, -1);
    this.memberships.delete(userId);
  }

  private countHolder(groupId: string, change: number): void {
    const count = (this.holders.get(groupId) ?? 0) + change;
    if (count > 0) this.holders.set(groupId, count);
    else this.holders.delete(groupId);
  }

  /**
   * Sends members who just connected each of their groups whole, in one push: they may have missed
   * pushes while away, and later goals send only what moved from what they hold. Connections
   * arriving while a batch is scored are welcomed together in the next one.
   */
  private async sendWelcomes(): Promise<void> {
    this.collector.begin();
    while (this.welcomeQueue.length > 0) {
      const batch = this.welcomeQueue.splice(0);
      await this.welcome(batch).catch(() => undefined);
    }
    // The next goal writes a part for each group its members hold: room for them is made now.
    let players = 0;
    for (const group of this.pushed.values()) players += group.players.length;
    this.parts.reserveTotal(this.pushed.size * PART_BYTES_PER_GROUP + players * PART_BYTES_PER_PLAYER);
    this.collector.end();
  }

  private async welcome(batch: LiveConnection[]): Promise<void> {
    const users = new Set(batch.map((connection) => connection.listener!.userId));
    for (const userId of users) await this.learning.get(userId);
    const ids = new Set<string>();
    for (const userId of users) for (const id of this.memberships.get(userId) ?? []) ids.add(id);
    const scored = await this.context.scores.scoredGroups([...ids]);
    const newcomers = new Set<number>();
    const written: GroupItemsJson = new Map();
    for (const connection of batch) {
      const { userId, login } = connection.listener!;
      if (!this.hub.connections.has(connection.id)) continue;
      if (!this.welcomed.has(userId)) newcomers.add(userId);
      const items = [...(this.memberships.get(userId) ?? [])].flatMap((id) => {
        const group = scored.get(id);
        return group ? [groupItemJson(group, login, written)] : [];
      });
      // In pieces: the same group's text goes to each of its members as it is, and no text of a
      // member's groups joined is made (hundreds of kilobytes each, kept until a full collection).
      if (items.length > 0) this.hub.sendPieces(connection, [NOTIFY_HEAD, ...items.flatMap((item, at) => (at === 0 ? [item] : [',', item])), NOTIFY_TAIL]);
    }
    for (const [id, group] of scored) {
      if (this.pushed.get(id) === group) continue;
      // Nobody else holding the group: what the newcomers got is what the next part builds on.
      // Someone holding another state: the next push goes out whole.
      if (!this.holders.has(id)) this.pushed.set(id, group);
      else this.pushed.delete(id);
    }
    for (const userId of newcomers) {
      if (!this.sockets.has(userId) || this.welcomed.has(userId)) continue;
      this.welcomed.add(userId);
      for (const id of this.memberships.get(userId) ?? []) this.countHolder(id, 1);
    }
  }

  private recipients(origin: string | undefined): LiveConnection[] {
    return [...this.hub.connections.values()].filter((connection) => connection.id !== origin);
  }

  /**
   * Queues a game change. Changes are pushed one batch at a time, in order: what comes in while a
   * batch is scored goes out together in the next push, scored once.
   */
  gameChanged(event: GameEvent, origin: string | undefined): Promise<void> {
    this.queuedGames.push({ event, origin });
    this.gamePushes ??= this.pushGames().finally(() => (this.gamePushes = undefined));
    return this.gamePushes;
  }

  private async pushGames(): Promise<void> {
    this.collector.begin();
    while (this.queuedGames.length > 0) {
      const batch = this.queuedGames.splice(0);
      await this.pushGameBatch(batch).catch(() => undefined);
    }
    this.collector.end();
  }

  private async pushGameBatch(batch: { event: GameEvent; origin: string | undefined }[]): Promise<void> {
    for (const { event } of batch) if (event.action === 'DELETE') this.context.scores.invalidateAllInputs(event.game.year);
    const items = batch.map(({ event, origin }) => ({ json: JSON.stringify(gameItem(event)), origin }));
    const years = new Set(batch.map(({ event }) => event.game.year));
    const yearGroups = new Set<string>();
    for (const year of years) for (const id of await groupIdsOfYear(this.context.db, year)) yearGroups.add(id);
    const recipients = this.recipients(undefined).flatMap((connection) => {
      // The connection that made a change does not get it back, nor the rankings of its own changes alone.
      const games = items.filter((item) => item.origin !== connection.id).map((item) => item.json);
      if (games.length === 0) return [];
      const listener = connection.listener;
      const groups = listener ? [...(this.memberships.get(listener.userId) ?? [])].filter((id) => yearGroups.has(id)) : [];
      return [{ connection, games, groups }];
    });
    // Every affected group is scored once, whatever the number of members watching it.
    const scored = await this.context.scores.scoredGroups([...new Set(recipients.flatMap((recipient) => recipient.groups))]);
    // A group's part is the same for all its members: written once as bytes, each after the comma
    // that separates it from the items before it (the games always come first), and sent as it is
    // to each of them. The bytes of the last goal's parts are written over unless some socket is
    // still sending them.
    if (this.partReaders.some((connection) => this.hub.isWriting(connection))) this.parts = new JsonBytes();
    this.parts.reset();
    const changes = new Map<string, Uint8Array | undefined>();
    for (const [id, group] of scored) {
      const before = this.pushed.get(id);
      const start = this.parts.length;
      this.parts.ascii(',');
      if (before && writeGroupScores(this.parts, before, group)) changes.set(id, this.parts.view(start));
      else this.parts.length = start;
      this.pushed.set(id, group);
    }
    // What most connections get (every game of the batch, no group) is one record for all of them.
    const allGames = notifyRecordOfJson(items.map((item) => item.json));
    const allGamesHead = `${NOTIFY_HEAD}${items.map((item) => item.json).join(',')}`;
    this.partReaders = [];
    const written: GroupItemsJson = new Map();
    for (const { connection, games, groups } of recipients) {
      const listener = connection.listener;
      const groupItems = groups.flatMap((id) => {
        const group = scored.get(id);
        return group && listener ? [changes.get(id) ?? `,${groupItemJson(group, listener.login, written)}`] : [];
      });
      const everyGame = games.length === items.length;
      if (groupItems.length === 0 && everyGame) this.hub.send(connection, allGames);
      else {
        this.hub.sendPieces(connection, [everyGame ? allGamesHead : `${NOTIFY_HEAD}${games.join(',')}`, ...groupItems, NOTIFY_TAIL]);
        this.partReaders.push(connection);
      }
    }
  }

  async groupChanged({ groupId, action }: GroupEvent, origin: string | undefined): Promise<void> {
    this.pushed.delete(groupId);
    const members = action === 'DELETE' ? new Set<number>() : new Set((await playersOf(this.context.db, groupId)).map((player) => player.user_id));
    for (const [userId, groups] of this.memberships) {
      if (members.has(userId) && !groups.has(groupId)) {
        groups.add(groupId);
        if (this.welcomed.has(userId)) this.countHolder(groupId, 1);
      }
    }
    const gone = new Set<number>();
    for (const connection of this.recipients(undefined)) {
      const listener = connection.listener;
      if (!listener) continue;
      const groups = this.memberships.get(listener.userId);
      const wasMember = groups?.has(groupId) ?? false;
      if (!members.has(listener.userId)) {
        if (wasMember) gone.add(listener.userId);
        if (wasMember && connection.id !== origin) this.hub.send(connection, notifyRecord([deletedGroup(groupId)]));
        continue;
      }
      if (connection.id === origin) continue;
      const view = await this.context.scores.groupFor(groupId, listener.login);
      this.hub.send(connection, notifyRecord([view ? { entity: 'Group', ...view } : deletedGroup(groupId)]));
    }
    for (const userId of gone) if (this.memberships.get(userId)?.delete(groupId) && this.welcomed.has(userId)) this.countHolder(groupId, -1);
  }
}
