import * as z from 'zod/mini';

/** One point field whose value changed. */
export const ruleFieldChangeSchema = z.object({ field: z.string(), from: z.unknown(), to: z.unknown() });

/** A group's point rules changed after other players had joined. */
export const ruleChangeSchema = z.object({ at: z.iso.datetime({ offset: true }), changes: z.array(ruleFieldChangeSchema) });
export type RuleChange = z.infer<typeof ruleChangeSchema>;

/** When a player last changed the prediction of a started game (absent for predictions older than the log). */
export const predictionTimeSchema = z.object({ gameId: z.int().check(z.positive()), login: z.string(), changedAt: z.iso.datetime({ offset: true }) });
export type PredictionTime = z.infer<typeof predictionTimeSchema>;

/** GET /api/groups/{id}/log: what a member may see of the changes that touched the group. */
export const groupLogSchema = z.object({ ruleChanges: z.array(ruleChangeSchema), predictionTimes: z.array(predictionTimeSchema) });
export type GroupLog = z.infer<typeof groupLogSchema>;

/** POST /api/notification/mail: the reminder mails' switch. */
export const mailReminderRequestSchema = z.object({ notifyByMail: z.boolean() });
export type MailReminderRequest = z.infer<typeof mailReminderRequestSchema>;
