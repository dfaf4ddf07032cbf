import * as z from 'zod/mini';
import type { Game as RulesGame } from '@scorecast/rules';
import { gameStatusSchema, goalsSchema, stageSchema, teamSchema } from './common.js';

export const gameSchema = z.object({
  id: z.int().check(z.positive()),
  status: gameStatusSchema,
  date: z.iso.datetime({ offset: true }),
  stage: stageSchema,
  homeTeam: teamSchema,
  awayTeam: teamSchema,
  homeGoals: z.optional(z.nullable(goalsSchema)),
  awayGoals: z.optional(z.nullable(goalsSchema)),
});
export type Game = z.infer<typeof gameSchema>;

// The wire game is the rules' game: a drift between the two would not compile.
const sameAsRules: RulesGame = {} as Game;
void sameAsRules;

export const gamesSchema = z.array(gameSchema);
