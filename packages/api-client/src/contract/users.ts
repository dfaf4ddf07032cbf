import * as z from 'zod/mini';
import { languageSchema, teamSchema, themeSchema } from './common.js';

export const championPredictionSchema = z.object({ year: z.int(), team: teamSchema });

export const userSchema = z.object({
  login: z.string(),
  name: z.optional(z.string()),
  language: languageSchema,
  theme: themeSchema,
  championPredictions: z.array(championPredictionSchema),
  notify: z.boolean(),
  notifyOnMissingPrediction: z.boolean(),
  notifyOnGameStart: z.boolean(),
  notifyOnGameFinished: z.boolean(),
  notifyOnGameChange: z.boolean(),
  /** Reminder mails of unpredicted games: on by default for players without push, a switch for everyone. */
  notifyByMail: z.optional(z.boolean()),
});
export type User = z.infer<typeof userSchema>;

export const NOTIFICATION_SWITCHES = [
  'notify',
  'notifyOnMissingPrediction',
  'notifyOnGameStart',
  'notifyOnGameFinished',
  'notifyOnGameChange',
] as const;
export type NotificationSwitch = (typeof NOTIFICATION_SWITCHES)[number];
