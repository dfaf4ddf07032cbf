import * as z from 'zod/mini';
import { POINT_ROUNDS, pointFieldsOf, type PointConfiguration } from '@scorecast/rules';
import { accuracySchema, competitionYearSchema, gameIdSchema, goalsSchema, groupIdSchema, languageSchema, nameSchema, teamSchema } from './common.js';

const pointValueSchema = z.int().check(z.minimum(0), z.maximum(999));

/** The flat point rules of the rules package. Which fields must be 1 to 999 depends on the year: see validatePointConfiguration. */
export const pointConfigurationSchema = z.object({
  useDifferentPointsForKnockoutRound: z.boolean(),
  winnerPoints: pointValueSchema,
  ...Object.fromEntries(POINT_ROUNDS.flatMap((round) => pointFieldsOf(round)).map((field) => [field, pointValueSchema])),
}) as unknown as z.ZodMiniType<PointConfiguration, PointConfiguration>;

/** A prediction as a group shows it; accuracy, points and ranks appear once its game has started. */
export const scoredPredictionSchema = z.object({
  gameId: z.int().check(z.positive()),
  homeGoals: goalsSchema,
  awayGoals: goalsSchema,
  accuracy: z.optional(accuracySchema),
  points: z.optional(z.int()),
  /** The player's rank after this game, and before it (for the rank-change arrow). */
  rank: z.optional(z.int().check(z.positive())),
  previousRank: z.optional(z.int().check(z.positive())),
});
export type ScoredPrediction = z.infer<typeof scoredPredictionSchema>;

export const playerSchema = z.object({
  login: z.string(),
  name: z.string(),
  /** Absent while hidden (another player's pick before the competition starts) or not made. */
  championPrediction: z.optional(z.nullable(teamSchema)),
  predictions: z.array(scoredPredictionSchema),
  rank: z.int().check(z.positive()),
  points: z.int(),
});
export type Player = z.infer<typeof playerSchema>;

export const groupSchema = z.object({
  id: groupIdSchema,
  name: z.string(),
  creator: z.string(),
  competitionYear: z.int(),
  maxPlayers: z.optional(z.nullable(z.int().check(z.positive()))),
  players: z.array(playerSchema),
  pointConfiguration: pointConfigurationSchema,
});
export type Group = z.infer<typeof groupSchema>;
export const groupsSchema = z.array(groupSchema);

/** POST /api/groups: create (no id) or edit (id). */
export const saveGroupRequestSchema = z.object({
  id: z.optional(groupIdSchema),
  name: nameSchema,
  creator: z.optional(z.string()),
  competitionYear: z.optional(competitionYearSchema),
  pointConfiguration: pointConfigurationSchema,
  playerName: z.optional(nameSchema),
  language: z.optional(languageSchema),
});
export type SaveGroupRequest = z.input<typeof saveGroupRequestSchema>;
export const saveGroupResultSchema = z.object({ id: groupIdSchema, group: z.optional(groupSchema) });
export type SaveGroupResult = z.infer<typeof saveGroupResultSchema>;

/**
 * POST /api/groups/check: one of the three shapes of the spec (groupId and playerName, groupName and
 * playerName, groupId and groupName). Names are checked as typed, so they are plain strings here.
 */
export const groupCheckRequestSchema = z
  .object({
    groupId: z.optional(groupIdSchema),
    groupName: z.optional(z.string().check(z.maxLength(200))),
    playerName: z.optional(z.string().check(z.maxLength(200))),
    language: z.optional(languageSchema),
  })
  .check(
    z.refine((body) => body.groupId !== undefined || body.groupName !== undefined, { message: 'required', path: ['groupName'] }),
    z.refine((body) => [body.groupId, body.groupName, body.playerName].filter((field) => field !== undefined).length >= 2, { message: 'required', path: ['playerName'] }),
  );
export type GroupCheckRequest = z.input<typeof groupCheckRequestSchema>;
export const groupCheckResultSchema = z.object({
  isValid: z.boolean(),
  groupNameError: z.optional(z.string()),
  playerNameError: z.optional(z.string()),
});
export type GroupCheckResult = z.infer<typeof groupCheckResultSchema>;

/**
 * POST /api/groups/invitation/{invitation}: whose group the link leads to, for the login screen;
 * `isFull` when it has no seat left, `isOver` when its tournament is a past year's.
 */
export const announcedInvitationSchema = z.object({
  groupName: z.optional(z.string()),
  invitorName: z.optional(z.string()),
  isFull: z.optional(z.boolean()),
  isOver: z.optional(z.boolean()),
});
export type AnnouncedInvitation = z.infer<typeof announcedInvitationSchema>;

/** POST /api/groups/accept-invitation; HTTP 402 when the group is full. */
export const acceptInvitationRequestSchema = z.object({ groupId: groupIdSchema, playerName: nameSchema });
export type AcceptInvitationRequest = z.input<typeof acceptInvitationRequestSchema>;

/** POST /api/players/rename */
export const renamePlayerRequestSchema = z.object({ groupId: groupIdSchema, name: nameSchema });
export type RenamePlayerRequest = z.input<typeof renamePlayerRequestSchema>;

/** POST /api/prediction/{gameId} */
export const predictionRequestSchema = z.object({ homeGoals: goalsSchema, awayGoals: goalsSchema });
export type PredictionRequest = z.infer<typeof predictionRequestSchema>;
export const predictionParamsSchema = z.object({ gameId: gameIdSchema });

/** POST /api/prediction/champion */
export const championRequestSchema = z.object({ team: teamSchema, year: z.optional(competitionYearSchema) });
export type ChampionRequest = z.infer<typeof championRequestSchema>;
