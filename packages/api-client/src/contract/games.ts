import * as z from 'zod/mini';
import type { Game as RulesGame } from '@scorecast/rules';
import { gameStatusSchema, goalsSchema, stageSchema, teamSchema } from './common.js';

export const CORRECTION_SOURCES = ['admin', 'feed'] as const;

/**
 * The latest change of a result after the game was Finished: by the operator (always with a
 * reason) or by a result feed. Also why the operator set a started game back to Scheduled, until
 * it kicks off again.
 */
export const gameCorrectionSchema = z.object({
  at: z.iso.datetime({ offset: true }),
  source: z.enum(CORRECTION_SOURCES),
  reason: z.nullable(z.string()),
});
export type GameCorrection = z.infer<typeof gameCorrectionSchema>;

/** A group-stage game's group in the tournament, as the fixture names it ('A' to 'L'). */
export const groupLetterSchema = z.string().check(z.regex(/^[A-L]$/));

/**
 * A game's group letter as it stands: only a group-stage game belongs to a group, so a game moved to
 * a knockout round has none (and has its letter again if moved back).
 * @example groupLetterOf({ stage: 'Final', groupLetter: 'A' }) // undefined
 */
export function groupLetterOf(game: { stage: RulesGame['stage']; groupLetter?: string | null | undefined }): string | undefined {
  return game.stage === 'Group' ? (game.groupLetter ?? undefined) : undefined;
}

// What every game carries, whatever its status.
const gameInfo = {
  id: z.int().check(z.positive()),
  date: z.iso.datetime({ offset: true }),
  stage: stageSchema,
  /** Present on group-stage games whose fixture names their group. */
  groupLetter: z.optional(groupLetterSchema),
  /** The fixture's match number, which knockout placeholders name ('W97': the winner of match 97). */
  number: z.optional(z.int().check(z.positive())),
  homeTeam: teamSchema,
  awayTeam: teamSchema,
  /** Present once a finished result was corrected. */
  correction: z.optional(z.nullable(gameCorrectionSchema)),
};

/** A game, its goals tied to its status: none before kickoff, both once it started. */
export const gameSchema = z.discriminatedUnion('status', [
  z.object({ ...gameInfo, status: z.literal('Scheduled'), homeGoals: z.optional(z.null()), awayGoals: z.optional(z.null()) }),
  z.object({ ...gameInfo, status: z.literal('Live'), homeGoals: goalsSchema, awayGoals: goalsSchema }),
  z.object({ ...gameInfo, status: z.literal('Finished'), homeGoals: goalsSchema, awayGoals: goalsSchema }),
]);
export type Game = z.infer<typeof gameSchema>;

/** Every field of a game on its own, as a live update carries some of them. */
export const gameFieldsSchema = z.object({
  ...gameInfo,
  status: gameStatusSchema,
  homeGoals: z.optional(z.nullable(goalsSchema)),
  awayGoals: z.optional(z.nullable(goalsSchema)),
});

// The wire game is the rules' game: a drift between the two would not compile.
const sameAsRules: RulesGame = {} as Game;
void sameAsRules;

export const gamesSchema = z.array(gameSchema);
