import * as z from 'zod/mini';
import { gameSchema } from './games.js';
import { groupSchema, playerSchema } from './groups.js';

/** A live update of a game: the changed fields of the game; `_action: 'DELETE'` when it was removed. */
export const gameUpdateSchema = z.extend(z.partial(gameSchema), {
  entity: z.literal('Game'),
  id: z.int().check(z.positive()),
  _action: z.optional(z.literal('DELETE')),
});
/**
 * A player in a group update: the whole player, or (without `name`) the changed fields of the
 * player with that login, whose predictions replace the known ones of the same games.
 */
export const playerUpdateSchema = z.extend(z.partial(playerSchema), { login: z.string() });
/**
 * A live update of a group, sent only to its members; `_action: 'DELETE'` when it was deleted. When
 * `players` is present it lists every player of the group: one missing has left.
 */
export const groupUpdateSchema = z.extend(z.partial(groupSchema), {
  entity: z.literal('Group'),
  id: z.string(),
  players: z.optional(z.array(playerUpdateSchema)),
  _action: z.optional(z.literal('DELETE')),
});
export type PlayerUpdate = z.infer<typeof playerUpdateSchema>;
export const liveUpdateSchema = z.discriminatedUnion('entity', [gameUpdateSchema, groupUpdateSchema]);
export type GameUpdate = z.infer<typeof gameUpdateSchema>;
export type GroupUpdate = z.infer<typeof groupUpdateSchema>;
export type LiveUpdate = z.infer<typeof liveUpdateSchema>;

/** The argument of a 'notify' push: one item or many. */
export const notifyArgumentSchema = z.union([liveUpdateSchema, z.array(liveUpdateSchema)]);
