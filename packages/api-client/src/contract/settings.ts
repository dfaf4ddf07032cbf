import * as z from 'zod/mini';
import { PRODUCT_IDS, type Language } from '@scorecast/rules';
import { groupIdSchema, languageSchema, themeSchema } from './common.js';
import { NOTIFICATION_SWITCHES } from './users.js';

export const paymentOptionSchema = z.object({
  productId: z.enum(PRODUCT_IDS),
  productName: z.string(),
  amount: z.number().check(z.positive()),
  currency: z.string().check(z.length(3)),
  maxPlayers: z.optional(z.int().check(z.positive())),
});
export type PaymentOption = z.infer<typeof paymentOptionSchema>;

/**
 * An invitation the player opened and has not answered; `isFull` when the group has no seat left,
 * `isOver` when it is a group of a past year's tournament (nobody joins it any more).
 */
export const invitationSchema = z.object({
  groupId: groupIdSchema,
  groupName: z.string(),
  invitorName: z.string(),
  isFull: z.optional(z.boolean()),
  isOver: z.optional(z.boolean()),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** GET /api/settings */
export const settingsSchema = z.object({
  name: z.string(),
  year: z.int(),
  currency: z.string(),
  /** PayPal's client id and where its JS SDK loads from (a stand-in in tests). */
  paypal: z.optional(z.object({ clientId: z.string(), sdkUrl: z.optional(z.url()) })),
  googlePlay: z.optional(z.boolean()),
  webpush: z.optional(z.object({ publicKey: z.string() })),
  isWomenCompetition: z.boolean(),
  isWorldCup: z.boolean(),
  /** Whether the year's games are known; false from 1 January until the operator imports the fixture file. */
  scheduleReleased: z.optional(z.boolean()),
  invitation: z.optional(invitationSchema),
  /** Per group id, the enlargements its creator can buy; absent when no payment provider is configured. */
  paymentOptions: z.optional(z.record(z.string(), z.array(paymentOptionSchema))),
});
export type Settings = z.infer<typeof settingsSchema>;

/** GET /api/version: the settings plus the version, the language and the server's clock. */
export const versionSchema = z.extend(z.partial(settingsSchema), {
  version: z.string(),
  name: z.string(),
  language: languageSchema,
  serverTime: z.iso.datetime({ offset: true }),
});
export type Version = z.infer<typeof versionSchema>;

/** POST /api/players/theme; an error answer carries the theme to revert to. */
export const themeRequestSchema = z.object({ theme: themeSchema });
/** POST /api/players/language; an error answer carries the language to revert to. */
export const languageRequestSchema = z.object({ language: languageSchema });

const base64UrlSchema = z.string().check(z.maxLength(512), z.regex(/^[A-Za-z0-9_-]+={0,2}$/, 'invalid'));

/**
 * A browser's push subscription (PushSubscription.toJSON()). The server accepts only endpoints on
 * public https push services: 400 `endpointNotHttps`, `endpointNotPublic` or `endpointNotAllowed`
 * naming `subscription.endpoint` (it knows which services its operator allows).
 */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url().check(z.maxLength(2048)),
  expirationTime: z.optional(z.nullable(z.number())),
  keys: z.object({ p256dh: base64UrlSchema, auth: base64UrlSchema }),
});
export type PushSubscriptionJSON = z.infer<typeof pushSubscriptionSchema>;

type NotificationSettings = { notify?: boolean; subscription?: PushSubscriptionJSON | null; language?: Language } & Partial<
  Record<(typeof NOTIFICATION_SWITCHES)[number], boolean>
>;

/** POST /api/notification: the main switch with a subscription, or one switch with a boolean. */
export const notificationRequestSchema = z
  .object({
    notify: z.optional(z.boolean()),
    subscription: z.optional(z.nullable(pushSubscriptionSchema)),
    language: z.optional(languageSchema),
    ...Object.fromEntries(NOTIFICATION_SWITCHES.filter((name) => name !== 'notify').map((name) => [name, z.optional(z.boolean())])),
  })
  .check(
    z.refine((body) => NOTIFICATION_SWITCHES.some((name) => typeof (body as Record<string, unknown>)[name] === 'boolean'), {
      message: 'one notification switch is required',
    }),
  ) as unknown as z.ZodMiniType<NotificationSettings, NotificationSettings>;
export type NotificationRequest = z.infer<typeof notificationRequestSchema>;

/** POST /api/payment/paypal/create */
export const paypalCreateRequestSchema = z.object({ groupId: groupIdSchema, paymentOption: z.enum(PRODUCT_IDS) });
export const paypalCreateResultSchema = z.object({ orderID: z.string() });
/** POST /api/payment/paypal/capture/{orderID} */
export const paypalCaptureRequestSchema = z.object({ language: z.optional(languageSchema) });
/** POST /api/payment/google/verify */
export const googleVerifyRequestSchema = z.object({
  groupId: groupIdSchema,
  paymentOption: z.enum(PRODUCT_IDS),
  // Kept in the purchase record: no control characters (PostgreSQL's text holds no NUL).
  purchaseToken: z.string().check(z.minLength(1), z.maxLength(4096), z.regex(/^[^\p{Cc}\p{Cs}]*$/u, 'invalidCharacters')),
  language: z.optional(languageSchema),
});
export const paymentResultSchema = z.object({ message: z.string() });
