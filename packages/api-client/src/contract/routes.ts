import type * as z from 'zod/mini';
import {
  activateRequestSchema,
  activateResultSchema,
  authSchema,
  changePasswordRequestSchema,
  loginRequestSchema,
  loginResultSchema,
  registerRequestSchema,
  resetEmailRequestSchema,
  sendActivationMailRequestSchema,
  statusResultSchema,
  unsubscribeRequestSchema,
} from './auth.js';
import { groupLogSchema, mailReminderRequestSchema } from './changeLog.js';
import { emptySchema } from './common.js';
import { gamesSchema } from './games.js';
import {
  acceptInvitationRequestSchema,
  announcedInvitationSchema,
  championRequestSchema,
  groupCheckRequestSchema,
  groupCheckResultSchema,
  groupSchema,
  groupsSchema,
  predictionRequestSchema,
  renamePlayerRequestSchema,
  saveGroupRequestSchema,
  saveGroupResultSchema,
} from './groups.js';
import {
  googleVerifyRequestSchema,
  languageRequestSchema,
  notificationRequestSchema,
  paymentResultSchema,
  paypalCaptureRequestSchema,
  paypalCreateRequestSchema,
  paypalCreateResultSchema,
  settingsSchema,
  themeRequestSchema,
  versionSchema,
} from './settings.js';
import { userSchema } from './users.js';

type Route = {
  method: 'GET' | 'POST' | 'DELETE';
  /** Fastify-style path; `:name` parts are filled from the call's parameters. */
  path: string;
  body?: z.ZodMiniType;
  response: z.ZodMiniType;
};

/**
 * Every call between browser and server (spec section 7). The server validates request bodies with
 * `body`; the client validates answers with `response`.
 */
export const routes = {
  version: { method: 'GET', path: '/api/version', response: versionSchema },
  settings: { method: 'GET', path: '/api/settings', response: settingsSchema },
  groups: { method: 'GET', path: '/api/groups', response: groupsSchema },
  games: { method: 'GET', path: '/api/games', response: gamesSchema },
  auth: { method: 'GET', path: '/api/auth', response: authSchema },
  login: { method: 'POST', path: '/api/auth', body: loginRequestSchema, response: loginResultSchema },
  logout: { method: 'GET', path: '/api/auth/logout', response: emptySchema },
  register: { method: 'POST', path: '/api/auth/register', body: registerRequestSchema, response: statusResultSchema },
  activate: { method: 'POST', path: '/api/auth/activate', body: activateRequestSchema, response: activateResultSchema },
  sendActivationMail: {
    method: 'POST',
    path: '/api/auth/register/sendmail',
    body: sendActivationMailRequestSchema,
    response: statusResultSchema,
  },
  changePassword: {
    method: 'POST',
    path: '/api/auth/password/change',
    body: changePasswordRequestSchema,
    response: statusResultSchema,
  },
  requestPasswordReset: {
    method: 'POST',
    path: '/api/auth/password/reset/email',
    body: resetEmailRequestSchema,
    response: statusResultSchema,
  },
  unsubscribe: { method: 'POST', path: '/api/newsletter/unsubscribe', body: unsubscribeRequestSchema, response: emptySchema },
  savePrediction: {
    method: 'POST',
    path: '/api/prediction/:gameId',
    body: predictionRequestSchema,
    response: predictionRequestSchema,
  },
  saveChampion: { method: 'POST', path: '/api/prediction/champion', body: championRequestSchema, response: championRequestSchema },
  announceInvitation: { method: 'POST', path: '/api/groups/invitation/:invitation', response: announcedInvitationSchema },
  /** Refusing an invitation forgets it, so it does not come back on the next load. */
  refuseInvitation: { method: 'DELETE', path: '/api/groups/invitation/:invitation', response: emptySchema },
  checkGroup: { method: 'POST', path: '/api/groups/check', body: groupCheckRequestSchema, response: groupCheckResultSchema },
  saveGroup: { method: 'POST', path: '/api/groups', body: saveGroupRequestSchema, response: saveGroupResultSchema },
  deleteGroup: { method: 'DELETE', path: '/api/groups/:id', response: emptySchema },
  leaveGroup: { method: 'POST', path: '/api/groups/:id/leave', response: emptySchema },
  acceptInvitation: {
    method: 'POST',
    path: '/api/groups/accept-invitation',
    body: acceptInvitationRequestSchema,
    response: groupSchema,
  },
  renamePlayer: { method: 'POST', path: '/api/players/rename', body: renamePlayerRequestSchema, response: emptySchema },
  setTheme: { method: 'POST', path: '/api/players/theme', body: themeRequestSchema, response: userSchema },
  setLanguage: { method: 'POST', path: '/api/players/language', body: languageRequestSchema, response: userSchema },
  saveNotification: { method: 'POST', path: '/api/notification', body: notificationRequestSchema, response: userSchema },
  deleteAccount: { method: 'DELETE', path: '/api/players', response: emptySchema },
  groupLog: { method: 'GET', path: '/api/groups/:id/log', response: groupLogSchema },
  saveMailReminders: { method: 'POST', path: '/api/notification/mail', body: mailReminderRequestSchema, response: userSchema },
  verifyGooglePurchase: {
    method: 'POST',
    path: '/api/payment/google/verify',
    body: googleVerifyRequestSchema,
    response: paymentResultSchema,
  },
  createPaypalOrder: {
    method: 'POST',
    path: '/api/payment/paypal/create',
    body: paypalCreateRequestSchema,
    response: paypalCreateResultSchema,
  },
  capturePaypalOrder: {
    method: 'POST',
    path: '/api/payment/paypal/capture/:orderID',
    body: paypalCaptureRequestSchema,
    response: paymentResultSchema,
  },
} as const satisfies Record<string, Route>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
/** What a call sends. */
export type RequestOf<N extends RouteName> = Routes[N] extends { body: z.ZodMiniType } ? z.input<Routes[N]['body']> : undefined;
/** What a call answers. */
export type ResponseOf<N extends RouteName> = z.infer<Routes[N]['response']>;
