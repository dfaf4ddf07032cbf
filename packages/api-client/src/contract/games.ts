import * as z from 'zod/mini';
import type { Game as RulesGame } from '@scorecast/rules';
import { gameStatusSchema, goalsSchema, stageSchema, teamSchema } from './common.js';

export const CORRECTION_SOURCES = ['admin', 'feed'] as const;

/**
 * The latest change of a result after the game was Finished: by the operator (always with a
 * reason) or by a result feed.
 */
export const gameCorrectionSchema = z.object({
  at: z.iso.datetime({ offset: true }),
  source: z.enum(CORRECTION_SOURCES),
  reason: z.nullable(z.string()),
});
export type GameCorrection = z.infer<typeof gameCorrectionSchema>;

/** A group-stage game's group in the tournament, as the fixture names it ('A' to 'L'). */
export const groupLetterSchema = z.string().check(z.regex(/^[A-Z]{1,2}$/));

export const gameSchema = z.object({
  id: z.int().check(z.positive()),
  status: gameStatusSchema,
  date: z.iso.datetime({ offset: true }),
  stage: stageSchema,
  /** Present on group-stage games whose fixture names their group. */
  groupLetter: z.optional(groupLetterSchema),
  homeTeam: teamSchema,
  awayTeam: teamSchema,
  homeGoals: z.optional(z.nullable(goalsSchema)),
  awayGoals: z.optional(z.nullable(goalsSchema)),
  /** Present once a finished result was corrected. */
  correction: z.optional(z.nullable(gameCorrectionSchema)),
});
export type Game = z.infer<typeof gameSchema>;

// The wire game is the rules' game: a drift between the two would not compile.
const sameAsRules: RulesGame = {} as Game;
void sameAsRules;

export const gamesSchema = z.array(gameSchema);
