import * as z from 'zod/mini';
import { cipherPasswordSchema, groupIdSchema, languageSchema, loginSchema } from './common.js';
import { userSchema } from './users.js';

export const LOGIN_STATUSES = ['Successful', 'UserAlreadyExists', 'NotActivated', 'Failed'] as const;
export const loginStatusSchema = z.enum(LOGIN_STATUSES);
export type LoginStatus = z.infer<typeof loginStatusSchema>;

/** What the login form holds before the password is encrypted (spec section 3); `passwordRepeat` in register and reset modes. */
export const credentialsSchema = z.object({
  login: z.string(),
  password: z.string(),
  passwordRepeat: z.optional(z.string()),
});
export type Credentials = z.infer<typeof credentialsSchema>;

/** POST /api/auth */
export const loginRequestSchema = z.object({
  login: loginSchema,
  password: cipherPasswordSchema,
  onlyCheckCredentials: z.optional(z.boolean()),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const loginResultSchema = z.object({
  status: loginStatusSchema,
  token: z.optional(z.string()),
  user: z.optional(userSchema),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

/** GET /api/auth */
export const authSchema = z.object({ user: userSchema, token: z.string() });
export type Auth = z.infer<typeof authSchema>;

/** POST /api/auth/register */
export const registerRequestSchema = z.object({
  language: languageSchema,
  login: loginSchema,
  password: cipherPasswordSchema,
  invitation: z.optional(groupIdSchema),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

/** POST /api/auth/activate: `password` is the one-time token of the activation mail's link. */
export const activateRequestSchema = z.object({ login: loginSchema, password: z.string().check(z.minLength(1), z.maxLength(200)) });
export type ActivateRequest = z.input<typeof activateRequestSchema>;

/** POST /api/auth/register/sendmail */
export const sendActivationMailRequestSchema = z.object({
  login: loginSchema,
  password: cipherPasswordSchema,
  invitation: z.optional(groupIdSchema),
});
export type SendActivationMailRequest = z.input<typeof sendActivationMailRequestSchema>;

/** POST /api/auth/password/change */
export const changePasswordRequestSchema = z.object({ password: cipherPasswordSchema });
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

/** POST /api/auth/password/reset/email */
export const resetEmailRequestSchema = z.object({ login: loginSchema, invitation: z.optional(groupIdSchema) });
export type ResetEmailRequest = z.input<typeof resetEmailRequestSchema>;

/** POST /api/newsletter/unsubscribe: `token` is the one-time token of the newsletter's unsubscribe link. */
export const unsubscribeRequestSchema = z.object({ email: loginSchema, token: z.string().check(z.minLength(1), z.maxLength(200)) });
export type UnsubscribeRequest = z.input<typeof unsubscribeRequestSchema>;

/** The answer of calls that only report a status. */
export const statusResultSchema = z.object({ status: loginStatusSchema });
export type StatusResult = z.infer<typeof statusResultSchema>;
/**
 * POST /api/auth/activate: `passwordToSet` when the account was activated without a password (its
 * address was registered more than once before): a mail with a link to set one went out.
 */
export const activateResultSchema = z.object({ status: loginStatusSchema, passwordToSet: z.optional(z.literal(true)) });
export type ActivateResult = z.infer<typeof activateResultSchema>;
