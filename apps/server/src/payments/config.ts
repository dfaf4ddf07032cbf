import { readFileSync } from 'node:fs';
import { SettingError, webUrlOf } from '../config.js';

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
 * The Google service account of GOOGLE_SERVICE_ACCOUNT (its JSON) or GOOGLE_SERVICE_ACCOUNT_FILE;
 * refused naming the variable when it cannot be read or is not a service account's JSON. The
 * refusal never shows the content: it holds a private key.
 */
function serviceAccountOf(env: NodeJS.ProcessEnv): GoogleServiceAccount | undefined {
  const name = env.GOOGLE_SERVICE_ACCOUNT ? 'GOOGLE_SERVICE_ACCOUNT' : 'GOOGLE_SERVICE_ACCOUNT_FILE';
  let text = env.GOOGLE_SERVICE_ACCOUNT;
  if (!text && env.GOOGLE_SERVICE_ACCOUNT_FILE) {
    try {
      text = readFileSync(env.GOOGLE_SERVICE_ACCOUNT_FILE, 'utf8');
    } catch (error) {
      throw new SettingError(`GOOGLE_SERVICE_ACCOUNT_FILE must name a readable file, not ${JSON.stringify(env.GOOGLE_SERVICE_ACCOUNT_FILE)} (${(error as NodeJS.ErrnoException).code ?? 'unreadable'})`);
    }
  }
  if (!text) return undefined;
  let account: Partial<GoogleServiceAccount> | undefined;
  try {
    account = JSON.parse(text) as Partial<GoogleServiceAccount>;
  } catch {
    account = undefined;
  }
  if (typeof account?.client_email !== 'string' || typeof account.private_key !== 'string') {
    throw new SettingError(`${name} must hold a Google service account's JSON key (with client_email and private_key)`);
  }
  return account as GoogleServiceAccount;
}

/**
 * Providers from the environment: PayPal with PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET (PAYPAL_BASE_URL,
 * default the sandbox), Google Play with GOOGLE_PLAY_PACKAGE and a service account's JSON in
 * GOOGLE_SERVICE_ACCOUNT or the file GOOGLE_SERVICE_ACCOUNT_FILE (GOOGLE_PLAY_BASE_URL).
 */
export function paymentConfigOf(env: NodeJS.ProcessEnv): PaymentConfig {
  const currency = env.PAYMENT_CURRENCY || 'EUR';
  if (!/^[A-Z]{3}$/.test(currency)) throw new SettingError(`PAYMENT_CURRENCY must be a currency code of three capitals such as EUR, not ${JSON.stringify(currency)}`);
  const config: PaymentConfig = { currency };
  if (env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET) {
    config.paypal = {
      clientId: env.PAYPAL_CLIENT_ID,
      secret: env.PAYPAL_CLIENT_SECRET,
      baseUrl: webUrlOf('PAYPAL_BASE_URL', env.PAYPAL_BASE_URL, PAYPAL_SANDBOX_URL),
      sdkUrl: webUrlOf('PAYPAL_SDK_URL', env.PAYPAL_SDK_URL, PAYPAL_SDK_URL),
    };
  }
  const account = serviceAccountOf(env);
  if (env.GOOGLE_PLAY_PACKAGE && account) {
    config.googlePlay = {
      packageName: env.GOOGLE_PLAY_PACKAGE,
      serviceAccount: account,
      baseUrl: webUrlOf('GOOGLE_PLAY_BASE_URL', env.GOOGLE_PLAY_BASE_URL, GOOGLE_PLAY_URL),
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
