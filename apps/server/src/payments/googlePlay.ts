import { createSign } from 'node:crypto';
import type { GooglePlayConfig } from './config.js';

const SCOPE = 'https://www.googleapis.com/auth/androidpublisher';
const DEFAULT_TOKEN_URI = 'https://oauth2.googleapis.com/token';
const TIMEOUT_MS = 15_000;

/** The parts of a Play Developer API ProductPurchase this server reads. */
export type ProductPurchase = {
  purchaseState: number;
  acknowledgementState?: number;
  orderId?: string;
  obfuscatedExternalProfileId?: string;
};

/** Google answered with an error (unknown token, no permission). */
export class GooglePlayError extends Error {
  constructor(readonly status: number) {
    super(`Google Play answered ${status}`);
  }
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** A Play Developer API client that signs in as the service account (OAuth 2 JWT bearer grant). */
export function createGooglePlay(config: GooglePlayConfig) {
  const account = config.serviceAccount;
  const tokenUri = account.token_uri ?? DEFAULT_TOKEN_URI;
  let token: { value: string; expiresAt: number } | undefined;

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now()) return token.value;
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }))}.${base64url(
      JSON.stringify({ iss: account.client_email, scope: SCOPE, aud: tokenUri, iat: now, exp: now + 3600 }),
    )}`;
    const signature = createSign('RSA-SHA256').update(unsigned).sign(account.private_key);
    const response = await fetch(tokenUri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: `${unsigned}.${base64url(signature)}` }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) throw new GooglePlayError(response.status);
    const body = (await response.json()) as { access_token: string; expires_in: number };
    token = { value: body.access_token, expiresAt: Date.now() + Math.max(0, body.expires_in - 60) * 1000 };
    return token.value;
  }

  const purchaseUrl = (productId: string, purchaseToken: string) =>
    new URL(
      `/androidpublisher/v3/applications/${encodeURIComponent(config.packageName)}/purchases/products/${encodeURIComponent(productId)}/tokens/${encodeURIComponent(purchaseToken)}`,
      config.baseUrl,
    );

  return {
    /** The purchase behind a token. */
    async purchase(productId: string, purchaseToken: string): Promise<ProductPurchase> {
      const response = await fetch(purchaseUrl(productId, purchaseToken), {
        headers: { authorization: `Bearer ${await accessToken()}` },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) throw new GooglePlayError(response.status);
      return (await response.json()) as ProductPurchase;
    },
    /** Acknowledges a purchase; Google refunds purchases left unacknowledged for three days. */
    async acknowledge(productId: string, purchaseToken: string): Promise<void> {
      const url = purchaseUrl(productId, purchaseToken);
      url.pathname += ':acknowledge';
      const response = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${await accessToken()}`, 'content-type': 'application/json' },
        body: '{}',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) throw new GooglePlayError(response.status);
    },
  };
}

export type GooglePlay = ReturnType<typeof createGooglePlay>;
