import { readFileSync } from 'node:fs';

/** `sdkUrl` is where browsers load PayPal's JS SDK from; the CSP lets that origin in. */
export type PaypalConfig = { clientId: string; secret: string; baseUrl: string; sdkUrl?: string };
export type GoogleServiceAccount = { client_email: string; private_key: string; token_uri?: string };
export type GooglePlayConfig = { packageName: string; serviceAccount: GoogleServiceAccount; baseUrl: string };

/** The payment providers this server may use; none configured means no payment options at all. */
export type PaymentConfig = { currency: string; paypal?: PaypalConfig; googlePlay?: GooglePlayConfig };

export const PAYPAL_SANDBOX_URL = 'https://api-m.sandbox.paypal.com';
export const PAYPAL_SDK_URL = 'https://www.paypal.com/sdk/js';
export const GOOGLE_PLAY_URL = 'https://androidpublisher.googleapis.com';

/**
 * Providers from the environment: PayPal with PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET (PAYPAL_BASE_URL,
 * default the sandbox), Google Play with GOOGLE_PLAY_PACKAGE and a service account's JSON in
 * GOOGLE_SERVICE_ACCOUNT or the file GOOGLE_SERVICE_ACCOUNT_FILE (GOOGLE_PLAY_BASE_URL).
 */
export function paymentConfigOf(env: NodeJS.ProcessEnv): PaymentConfig {
  const config: PaymentConfig = { currency: env.PAYMENT_CURRENCY ?? 'EUR' };
  if (env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET) {
    config.paypal = {
      clientId: env.PAYPAL_CLIENT_ID,
      secret: env.PAYPAL_CLIENT_SECRET,
      baseUrl: env.PAYPAL_BASE_URL ?? PAYPAL_SANDBOX_URL,
      sdkUrl: env.PAYPAL_SDK_URL ?? PAYPAL_SDK_URL,
    };
  }
  const account = env.GOOGLE_SERVICE_ACCOUNT ?? (env.GOOGLE_SERVICE_ACCOUNT_FILE ? readFileSync(env.GOOGLE_SERVICE_ACCOUNT_FILE, 'utf8') : undefined);
  if (env.GOOGLE_PLAY_PACKAGE && account) {
    config.googlePlay = {
      packageName: env.GOOGLE_PLAY_PACKAGE,
      serviceAccount: JSON.parse(account) as GoogleServiceAccount,
      baseUrl: env.GOOGLE_PLAY_BASE_URL ?? GOOGLE_PLAY_URL,
    };
  }
  return config;
}

/** Whether any provider can take money. */
export const paymentsEnabled = (config: PaymentConfig | undefined): config is PaymentConfig =>
  config !== undefined && (config.paypal !== undefined || config.googlePlay !== undefined);

/** The origins a browser needs for the configured providers' scripts, frames and images. */
export function paymentOrigins(config: PaymentConfig | undefined): string[] {
  if (!config?.paypal) return [];
  const sdk = new URL(config.paypal.sdkUrl ?? PAYPAL_SDK_URL).origin;
  return sdk === new URL(PAYPAL_SDK_URL).origin ? [sdk, 'https://www.sandbox.paypal.com', 'https://www.paypalobjects.com'] : [sdk];
}
