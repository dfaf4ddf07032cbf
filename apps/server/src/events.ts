import { EventEmitter } from 'node:events';
import type { Game } from '@scorecast/rules';

/** What changed, for the live hub: a game (to everyone) or a group (to its members). */
export type ServerEvents = {
  gameChanged: [{ game: Game & { year: number }; action?: 'DELETE' }];
  groupChanged: [{ groupId: string; action?: 'DELETE' }];
};

/** The in-process event bus the live hub hooks into. */
export type ServerEventBus = EventEmitter<ServerEvents>;

/** A fresh event bus. */
export function createEventBus(): ServerEventBus {
  return new EventEmitter<ServerEvents>();
}
