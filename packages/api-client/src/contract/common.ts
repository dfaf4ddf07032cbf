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
  normalizeName,
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

/** A group or player name: normalized as the rules store it, required, at most 24 characters. */
export const nameSchema = z.string().check(
  z.maxLength(200),
  z.overwrite(normalizeName),
  z.superRefine((name, context) => {
    const error = validateName(name);
    if (error) context.addIssue({ code: 'custom', message: error });
  }),
);

// Control characters (NUL included) and lone surrogate halves: PostgreSQL's text holds no NUL, and
// no person types either.
const UNTYPABLE = /[\p{Cc}\p{Cs}]/u;

/** A team of a tournament, as the fixtures name it (see the server's fixtures). */
export const teamSchema = z.string().check(
  z.minLength(1),
  z.maxLength(64),
  z.refine((team) => !UNTYPABLE.test(team), { message: 'invalidCharacters' }),
);

/** Group ids are random and unguessable: the invitation link is the id. */
export const groupIdSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/, 'invalid group id'));

/**
 * The group id of an invitation link's query, without what a chat app or a paste left after it (a
 * full stop ending the sentence); undefined when what is left is no group id.
 * @example invitationOf('Xk3_9aQwErTy12345.') // 'Xk3_9aQwErTy12345'
 * @example invitationOf('bogus123') // undefined
 */
export function invitationOf(text: string): string | undefined {
  const id = text.replace(/[^A-Za-z0-9_-]+$/, '');
  return groupIdSchema.safeParse(id).success ? id : undefined;
}

/** The largest id or number PostgreSQL's `integer` column holds. */
export const MAX_INT4 = 2_147_483_647;

/** A database id as a JSON number: a positive integer within PostgreSQL's `integer`. */
export const recordIdSchema = z.int().check(z.positive(), z.maximum(MAX_INT4));

/**
 * A database id in a path: decimal digits, no sign, leading zero, `0x`, exponent or spaces, within
 * PostgreSQL's `integer` (`2147483648` is refused, never sent to the database).
 */
export const pathIdSchema = z.pipe(z.string().check(z.regex(/^[1-9][0-9]{0,9}$/, 'invalid')), z.pipe(z.transform(Number), recordIdSchema));

/** A game id in a path (`/api/prediction/:gameId`). */
export const gameIdSchema = pathIdSchema;

/** A tournament year. */
export const competitionYearSchema = z.int().check(z.minimum(2000), z.maximum(2100));

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
