import * as z from 'zod/mini';
import {
  ACCURACIES,
  GAME_STATUSES,
  LANGUAGES,
  MAX_GOALS,
  STAGES,
  THEMES,
  normalizeLogin,
  validateEmail,
  validateName,
} from '@scorecast/rules';

// The game's vocabulary is the rules' own: re-exported so that a client needs one import, never redefined.
export type { Accuracy, GameStatus, Language, PointConfiguration, Score, Stage, Theme } from '@scorecast/rules';

export const stageSchema = z.enum(STAGES);
export const gameStatusSchema = z.enum(GAME_STATUSES);
export const accuracySchema = z.enum(ACCURACIES);
export const themeSchema = z.enum(THEMES);
export const languageSchema = z.enum(LANGUAGES);

/** Goals of a score or prediction. */
export const goalsSchema = z.int().check(z.minimum(0), z.maximum(MAX_GOALS));

/** An e-mail address used as login: trimmed and lower-cased, then checked like the login form does. */
export const loginSchema = z.string().check(
  z.maxLength(254),
  z.overwrite(normalizeLogin),
  z.refine((login) => validateEmail(login) === undefined, { message: 'emailInvalid' }),
);

/** A group or player name: trimmed, required, at most 24 characters. */
export const nameSchema = z.string().check(
  z.maxLength(200),
  z.trim(),
  z.superRefine((name, context) => {
    const error = validateName(name);
    if (error) context.addIssue({ code: 'custom', message: error });
  }),
);

/** A team of a tournament, as the fixtures name it (see the server's fixtures). */
export const teamSchema = z.string().check(z.minLength(1), z.maxLength(64));

/** Group ids are random and unguessable: the invitation link is the id. */
export const groupIdSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/, 'invalid group id'));

export const gameIdSchema = z.pipe(z.coerce.number(), z.int().check(z.positive()));

/** The passwords on the wire are AES-CBC ciphertext (see encryptPassword); the length bound keeps bodies small. */
export const cipherPasswordSchema = z.string().check(z.minLength(1), z.maxLength(1024));

/** The body of every error answer. `field` names the request field that was refused. */
export const errorBodySchema = z.looseObject({
  error: z.string(),
  message: z.optional(z.string()),
  field: z.optional(z.string()),
  theme: z.optional(themeSchema),
  language: z.optional(languageSchema),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const emptySchema = z.looseObject({});
