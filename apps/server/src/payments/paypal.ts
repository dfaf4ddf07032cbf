import type { PaypalConfig } from './config.js';

/** The parts of a PayPal Orders v2 order this server reads. */
export type PaypalOrder = {
  id: string;
  status: string;
  purchase_units?: {
    reference_id?: string;
    custom_id?: string;
    amount?: { currency_code: string; value: string };
    payments?: { captures?: { id: string; status: string; custom_id?: string; amount: { currency_code: string; value: string } }[] };
  }[];
};

/** PayPal said no (declined, unknown order); `status` is PayPal's HTTP status. */
export class PaypalError extends Error {
  constructor(
    readonly status: number,
    readonly issue: string,
  ) {
    super(`PayPal answered ${status}: ${issue}`);
  }
}

const TIMEOUT_MS = 15_000;

/** A PayPal Orders v2 client with a cached client-credentials token. */
export function createPaypal(config: PaypalConfig) {
  let token: { value: string; expiresAt: number } | undefined;

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now()) return token.value;
    const response = await fetch(new URL('/v1/oauth2/token', config.baseUrl), {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${config.clientId}:${config.secret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) throw new PaypalError(response.status, 'authentication');
    const body = (await response.json()) as { access_token: string; expires_in: number };
    token = { value: body.access_token, expiresAt: Date.now() + Math.max(0, body.expires_in - 60) * 1000 };
    return token.value;
  }

  async function call(path: string, body: unknown, requestId: string): Promise<PaypalOrder> {
    const response = await fetch(new URL(path, config.baseUrl), {
      method: 'POST',
      headers: { authorization: `Bearer ${await accessToken()}`, 'content-type': 'application/json', 'paypal-request-id': requestId },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const answer = (await response.json().catch(() => ({}))) as PaypalOrder & { name?: string; details?: { issue?: string }[] };
    if (!response.ok) throw new PaypalError(response.status, answer.details?.[0]?.issue ?? answer.name ?? 'unknown');
    return answer;
  }

  return {
    /** Creates an order for one product; `customId` ties it to the group and product. */
    createOrder(order: { customId: string; description: string; currency: string; amount: number }, requestId: string) {
      return call(
        '/v2/checkout/orders',
        {
          intent: 'CAPTURE',
          purchase_units: [
            {
              custom_id: order.customId,
              description: order.description,
              amount: { currency_code: order.currency, value: order.amount.toFixed(2) },
            },
          ],
        },
        requestId,
      );
    },
    /** Captures an approved order; the request id makes a retried capture harmless at PayPal. */
    captureOrder(orderId: string) {
      return call(`/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, {}, `capture-${orderId}`);
    },
  };
}

export type Paypal = ReturnType<typeof createPaypal>;
