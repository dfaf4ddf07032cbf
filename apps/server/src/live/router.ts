import { AsyncLocalStorage } from 'node:async_hooks';
import type { ServerContext } from '../context.js';
import { groupIdsOfUser, groupIdsOfYear, playersOf } from '../db/groups.js';
import type { ServerEvents } from '../events.js';
import { groupItemJson } from '../scoring/groupCache.js';
import type { Hub, LiveConnection } from './hub.js';
import { notifyRecord, notifyRecordOfJson } from './protocol.js';

/** The X-Connection-Id of the request being handled, so its own changes are not echoed back. */
export const originConnection = new AsyncLocalStorage<string | undefined>();

type GameEvent = ServerEvents['gameChanged'][0];
type GroupEvent = ServerEvents['groupChanged'][0];

function gameItem({ game, action }: GameEvent) {
  const { id, status, date, stage, homeTeam, awayTeam, homeGoals, awayGoals } = game;
  const fields = action === 'DELETE' ? { id } : { id, status, date, stage, homeTeam, awayTeam, homeGoals: homeGoals ?? null, awayGoals: awayGoals ?? null };
  return { entity: 'Game' as const, ...fields, ...(action ? { _action: action } : {}) };
}

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
  private readonly stop: () => void;

  constructor(
    private readonly hub: Hub,
    private readonly context: ServerContext,
  ) {
    const onGame = (event: GameEvent) => void this.gameChanged(event, originConnection.getStore()).catch(() => undefined);
    const onGroup = (event: GroupEvent) => void this.groupChanged(event, originConnection.getStore()).catch(() => undefined);
    context.events.on('gameChanged', onGame);
    context.events.on('groupChanged', onGroup);
    this.stop = () => {
      context.events.off('gameChanged', onGame);
      context.events.off('groupChanged', onGroup);
    };
  }

  /** Stops listening to the event bus. */
  close(): void {
    this.stop();
  }

  /** Learns a new connection's groups; until then it gets Game items only. */
  async connected(userId: number): Promise<void> {
    this.sockets.set(userId, (this.sockets.get(userId) ?? 0) + 1);
    if (this.memberships.has(userId)) return;
    const groups = new Set(await groupIdsOfUser(this.context.db, userId));
    // The user may have left while their groups were read.
    if (this.sockets.has(userId) && !this.memberships.has(userId)) this.memberships.set(userId, groups);
  }

  /** A user's socket closed: their group list is forgotten with their last one. */
  disconnected(userId: number): void {
    const left = (this.sockets.get(userId) ?? 1) - 1;
    if (left > 0) return void this.sockets.set(userId, left);
    this.sockets.delete(userId);
    this.memberships.delete(userId);
  }

  private recipients(origin: string | undefined): LiveConnection[] {
    return [...this.hub.connections.values()].filter((connection) => connection.id !== origin);
  }

  async gameChanged(event: GameEvent, origin: string | undefined): Promise<void> {
    if (event.action === 'DELETE') this.context.scores.invalidateAllInputs(event.game.year);
    const item = gameItem(event);
    const yearGroups = new Set(await groupIdsOfYear(this.context.db, event.game.year));
    const itemJson = JSON.stringify(item);
    const plain = notifyRecordOfJson([itemJson]);
    const recipients = this.recipients(origin).map((connection) => {
      const listener = connection.listener;
      const groups = listener ? [...(this.memberships.get(listener.userId) ?? [])].filter((id) => yearGroups.has(id)) : [];
      return { connection, groups };
    });
    // Every affected group is scored once, whatever the number of members watching it.
    const scored = await this.context.scores.scoredGroups([...new Set(recipients.flatMap((recipient) => recipient.groups))]);
    for (const { connection, groups } of recipients) {
      const listener = connection.listener;
      if (!listener || groups.length === 0) {
        this.hub.send(connection, plain);
        continue;
      }
      const groupItems = groups.flatMap((id) => {
        const group = scored.get(id);
        return group ? [groupItemJson(group, listener.login)] : [];
      });
      this.hub.send(connection, notifyRecordOfJson([itemJson, ...groupItems]));
    }
  }

  async groupChanged({ groupId, action }: GroupEvent, origin: string | undefined): Promise<void> {
    const members = action === 'DELETE' ? new Set<number>() : new Set((await playersOf(this.context.db, groupId)).map((player) => player.user_id));
    for (const [userId, groups] of this.memberships) {
      if (members.has(userId)) groups.add(groupId);
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
    for (const userId of gone) this.memberships.get(userId)?.delete(groupId);
  }
}
