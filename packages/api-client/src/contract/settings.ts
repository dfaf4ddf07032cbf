import { z } from 'zod';
import { PRODUCT_IDS, type Language } from '@scorecast/rules';
import { groupIdSchema, languageSchema, themeSchema } from './common.js';
import { NOTIFICATION_SWITCHES } from './users.js';

export const paymentOptionSchema = z.object({
  productId: z.enum(PRODUCT_IDS),
  productName: z.string(),
  amount: z.number().positive(),
  currency: z.string().length(3),
  maxPlayers: z.number().int().positive().optional(),
});
export type PaymentOption = z.infer<typeof paymentOptionSchema>;

export const invitationSchema = z.object({ groupId: groupIdSchema, groupName: z.string(), invitorName: z.string() });
export type Invitation = z.infer<typeof invitationSchema>;

/** GET /api/settings */
export const settingsSchema = z.object({
  name: z.string(),
  year: z.number().int(),
  currency: z.string(),
  /** PayPal's client id and where its JS SDK loads from (a stand-in in tests). */
  paypal: z.object({ clientId: z.string(), sdkUrl: z.url().optional() }).optional(),
  googlePlay: z.boolean().optional(),
  webpush: z.object({ publicKey: z.string() }).optional(),
  isWomenCompetition: z.boolean(),
  isWorldCup: z.boolean(),
  invitation: invitationSchema.optional(),
  /** Per group id, the enlargements its creator can buy; absent when no payment provider is configured. */
  paymentOptions: z.record(z.string(), z.array(paymentOptionSchema)).optional(),
});
export type Settings = z.infer<typeof settingsSchema>;

/** GET /api/version: the settings plus the version, the language and the server's clock. */
export const versionSchema = settingsSchema.partial().extend({
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

/** A browser's push subscription (PushSubscription.toJSON()). */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url().max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: z.string().max(512), auth: z.string().max(512) }),
});
export type PushSubscriptionJSON = z.infer<typeof pushSubscriptionSchema>;

type NotificationSettings = { notify?: boolean; subscription?: PushSubscriptionJSON | null; language?: Language } & Partial<
  Record<(typeof NOTIFICATION_SWITCHES)[number], boolean>
>;

/** POST /api/notification: the main switch with a subscription, or one switch with a boolean. */
export const notificationRequestSchema = z
  .object({
    notify: z.boolean().optional(),
    subscription: pushSubscriptionSchema.nullable().optional(),
    language: languageSchema.optional(),
    ...Object.fromEntries(NOTIFICATION_SWITCHES.filter((name) => name !== 'notify').map((name) => [name, z.boolean().optional()])),
  })
  .refine((body) => NOTIFICATION_SWITCHES.some((name) => typeof (body as Record<string, unknown>)[name] === 'boolean'), {
    message: 'one notification switch is required',
  }) as z.ZodType<NotificationSettings, NotificationSettings>;
export type NotificationRequest = z.infer<typeof notificationRequestSchema>;

/** POST /api/payment/paypal/create */
export const paypalCreateRequestSchema = z.object({ groupId: groupIdSchema, paymentOption: z.enum(PRODUCT_IDS) });
export const paypalCreateResultSchema = z.object({ orderID: z.string() });
/** POST /api/payment/paypal/capture/{orderID} */
export const paypalCaptureRequestSchema = z.object({ language: languageSchema.optional() });
/** POST /api/payment/google/verify */
export const googleVerifyRequestSchema = z.object({
  groupId: groupIdSchema,
  paymentOption: z.enum(PRODUCT_IDS),
  purchaseToken: z.string().min(1).max(4096),
  language: languageSchema.optional(),
});
export const paymentResultSchema = z.object({ message: z.string() });
