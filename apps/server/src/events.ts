import { EventEmitter } from 'node:events';
import type { GameCorrection } from '@scorecast/api-client';
import type { Game } from '@scorecast/rules';

/**
 * What changed, for the live hub: a game (to everyone) or a group (to its members). A game change
 * that started the game (it was Scheduled) says so with `started`: its predictions are revealed;
 * when unknown (an import), any game under way counts as started. `crossed`: the other processes
 * were told within the change's own transaction.
 */
/**
 * The live connection a request came from (its X-Connection-Id) and the hash of its session, so its
 * own changes are not echoed back. The id is no secret: only a connection of the same session is
 * spared, never another player's.
 */
export type Origin = { connection: string; session: string };

export type ServerEvents = {
  gameChanged: [{ game: Game & { year: number; number?: number; groupLetter?: string; correction?: GameCorrection }; action?: 'DELETE'; started?: boolean; crossed?: true }];
  groupChanged: [{ groupId: string; action?: 'DELETE'; origin?: Origin }];
  /**
   * Sessions ended (logout, a password change or reset, an account deleted): their live
   * connections close. One session by its token's hash, or every session of a user but the one kept
   * (`accountDeleted` tells their clients why).
   */
  sessionsEnded: [{ session: string } | { userId: number; keep?: string; accountDeleted?: true }];
};

/** The in-process event bus the live hub hooks into. */
export type ServerEventBus = EventEmitter<ServerEvents>;

/** A fresh event bus. */
export function createEventBus(): ServerEventBus {
  return new EventEmitter<ServerEvents>();
}
