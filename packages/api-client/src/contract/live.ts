import * as z from 'zod/mini';
import { gameFieldsSchema } from './games.js';
import { groupSchema, playerSchema, scoredPredictionSchema } from './groups.js';

/** The error of the server's close message when the player's session is gone (password changed, logged out). */
export const SESSION_ENDED_ERROR = 'The session has ended.';
/** The error of the server's close message when the player's account was deleted (in another tab, say). */
export const ACCOUNT_DELETED_ERROR = 'The account was deleted.';

/** A live update of a game: the changed fields of the game; `_action: 'DELETE'` when it was removed. */
export const gameUpdateSchema = z.extend(z.partial(gameFieldsSchema), {
  entity: z.literal('Game'),
  id: z.int().check(z.positive()),
  _action: z.optional(z.literal('DELETE')),
});
/** A prediction in a player's part: the fields that moved, merged into the known one of that game (whole when new). */
export const predictionUpdateSchema = z.extend(z.partial(scoredPredictionSchema), { gameId: z.int().check(z.positive()) });
/**
 * A player in a group update: the whole player (with `name`), or a part that updates the known
 * player of that login with the fields it carries (a goal sends points, rank and what moved).
 */
export const playerUpdateSchema = z.extend(z.partial(playerSchema), { login: z.string(), predictions: z.optional(z.array(predictionUpdateSchema)) });
/**
 * A live update of a group, sent only to its members; `_action: 'DELETE'` when the player is no
 * longer in it, with `deleted` when its creator deleted it. `players` of whole players is the
 * group's roster: one missing has left. Players in part update just themselves.
 */
export const groupUpdateSchema = z.extend(z.partial(groupSchema), {
  entity: z.literal('Group'),
  id: z.string(),
  players: z.optional(z.array(playerUpdateSchema)),
  _action: z.optional(z.literal('DELETE')),
  deleted: z.optional(z.literal(true)),
});
export type PlayerUpdate = z.infer<typeof playerUpdateSchema>;
export type PredictionUpdate = z.infer<typeof predictionUpdateSchema>;
export const liveUpdateSchema = z.discriminatedUnion('entity', [gameUpdateSchema, groupUpdateSchema]);
export type GameUpdate = z.infer<typeof gameUpdateSchema>;
export type GroupUpdate = z.infer<typeof groupUpdateSchema>;
export type LiveUpdate = z.infer<typeof liveUpdateSchema>;

/** The argument of a 'notify' push: one item or many. */
export const notifyArgumentSchema = z.union([liveUpdateSchema, z.array(liveUpdateSchema)]);
