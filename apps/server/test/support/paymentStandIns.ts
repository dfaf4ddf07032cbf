import { createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// Local stand-ins answering like PayPal's Orders v2 API and Google's Play Developer API, in the
// response shapes of their public documentation, so payment tests never leave 127.0.0.1.

type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void;

async function listen(handler: Handler): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => handler(request, body, response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

function send(response: ServerResponse, status: number, body?: unknown): void {
  response.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
  response.end(body === undefined ? undefined : JSON.stringify(body));
}

const paypalError = (name: string, issue: string) => ({ name, message: issue, details: [{ issue }] });

type PaypalOrder = {
  id: string;
  customId: string;
  amount: { currency_code: string; value: string };
  approved: boolean;
  declined: boolean;
  tamper?: { value?: string; customId?: string };
  captured?: unknown;
};

/** PayPal: OAuth client credentials, create order, capture (after the buyer approved). */
export async function startPaypalStandIn(credentials = { clientId: 'paypal-client', secret: 'paypal-secret' }) {
  const orders = new Map<string, PaypalOrder>();
  const answered = new Map<string, { status: number; body: unknown }>();
  const token = randomBytes(12).toString('hex');
  let captureCalls = 0;
  const { server, url } = await listen((request, body, response) => {
    const path = request.url ?? '';
    if (request.method === 'POST' && path === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${credentials.clientId}:${credentials.secret}`).toString('base64')}`;
      if (request.headers.authorization !== expected || body !== 'grant_type=client_credentials') return send(response, 401, { error: 'invalid_client' });
      return send(response, 200, { scope: 'https://uri.paypal.com/services/payments', access_token: token, token_type: 'Bearer', expires_in: 32400 });
    }
    if (request.method === 'GET' && path.startsWith('/sdk/js?')) {
      const query = new URL(path, url).searchParams;
      if (query.get('client-id') !== credentials.clientId) return send(response, 400, { error: 'invalid client-id' });
      response.writeHead(200, { 'content-type': 'text/javascript', 'access-control-allow-origin': '*' });
      return response.end(sdkScript(url, query.get('locale') ?? 'en_US'));
    }
    const approval = /^\/approve\/([^/]+)$/.exec(path);
    if (request.method === 'POST' && approval) {
      // The buyer's click in PayPal's window, as the stand-in SDK makes it.
      const order = orders.get(approval[1]!);
      if (order) order.approved = true;
      response.writeHead(order ? 204 : 404, { 'access-control-allow-origin': '*' });
      return response.end();
    }
    if (request.headers.authorization !== `Bearer ${token}`) return send(response, 401, paypalError('AUTHENTICATION_FAILURE', 'INVALID_TOKEN'));
    if (request.method === 'POST' && path === '/v2/checkout/orders') {
      const unit = (JSON.parse(body) as { purchase_units: { custom_id: string; amount: { currency_code: string; value: string } }[] }).purchase_units[0]!;
      const id = randomBytes(9).toString('hex').toUpperCase().slice(0, 17);
      orders.set(id, { id, customId: unit.custom_id, amount: unit.amount, approved: false, declined: false });
      return send(response, 201, { id, status: 'CREATED', links: [{ href: `${url}/checkoutnow?token=${id}`, rel: 'approve', method: 'GET' }] });
    }
    const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(path);
    if (request.method === 'POST' && capture) {
      captureCalls += 1;
      const requestId = String(request.headers['paypal-request-id'] ?? '');
      const replay = requestId && answered.get(requestId);
      if (replay) return send(response, replay.status, replay.body);
      const order = orders.get(decodeURIComponent(capture[1]!));
      const answer = (status: number, answerBody: unknown) => {
        if (requestId && status < 300) answered.set(requestId, { status, body: answerBody });
        send(response, status, answerBody);
      };
      if (!order) return answer(404, paypalError('RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID'));
      if (order.captured) return answer(422, paypalError('UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED'));
      if (!order.approved) return answer(422, paypalError('UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED'));
      if (order.declined) return answer(422, paypalError('UNPROCESSABLE_ENTITY', 'INSTRUMENT_DECLINED'));
      const customId = order.tamper?.customId ?? order.customId;
      order.captured = {
        id: order.id,
        status: 'COMPLETED',
        payer: { payer_id: 'PAYER1', email_address: 'buyer@example.com' },
        purchase_units: [
          {
            reference_id: 'default',
            payments: {
              captures: [
                {
                  id: randomBytes(8).toString('hex').toUpperCase(),
                  status: 'COMPLETED',
                  custom_id: customId,
                  amount: { currency_code: order.amount.currency_code, value: order.tamper?.value ?? order.amount.value },
                  final_capture: true,
                },
              ],
            },
          },
        ],
      };
      return answer(201, order.captured);
    }
    send(response, 404, paypalError('RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID'));
  });
  return {
    url,
    credentials,
    orders,
    get captureCalls() {
      return captureCalls;
    },
    /** The buyer approves the order in PayPal's window. */
    approve(id: string, options: { declined?: boolean; tamper?: PaypalOrder['tamper'] } = {}) {
      const order = orders.get(id)!;
      Object.assign(order, { approved: true, declined: options.declined ?? false }, options.tamper ? { tamper: options.tamper } : {});
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * What PayPal's JS SDK gives a page, reduced to the buttons: `paypal.Buttons({ createOrder,
 * onApprove, onError }).render(container)` draws one button; a click creates the order through the
 * page, lets the buyer approve it at the stand-in, then calls onApprove.
 */
function sdkScript(standInUrl: string, locale: string): string {
  const label = locale.startsWith('de') ? 'Mit PayPal bezahlen' : 'Pay with PayPal';
  return `window.paypal = { Buttons: function (options) { return {
  isEligible: function () { return true; },
  close: function () { return Promise.resolve(); },
  render: function (container) {
    var target = typeof container === 'string' ? document.querySelector(container) : container;
    var button = document.createElement('button');
    button.type = 'button';
    button.textContent = ${JSON.stringify(label)};
    button.setAttribute('data-paypal-stand-in', '');
    button.addEventListener('click', function () {
      Promise.resolve(options.createOrder())
        .then(function (orderID) {
          return fetch(${JSON.stringify(standInUrl)} + '/approve/' + orderID, { method: 'POST' }).then(function () { return options.onApprove({ orderID: orderID }); });
        })
        .catch(function (error) { if (options.onError) options.onError(error); });
    });
    target.appendChild(button);
    return Promise.resolve();
  } }; } };`;
}

type PlayPurchase = { productId: string; purchaseState: number; acknowledgementState: number; orderId: string; obfuscatedExternalProfileId?: string };

/** Google: the OAuth JWT-bearer token endpoint (checks the service account's signature) and product purchases. */
export async function startGooglePlayStandIn(packageName = 'app.scorecast') {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const purchases = new Map<string, PlayPurchase>();
  const token = randomBytes(12).toString('hex');
  const { server, url } = await listen((request, body, response) => {
    const path = decodeURIComponent(request.url ?? '');
    if (request.method === 'POST' && path === '/token') {
      const assertion = new URLSearchParams(body).get('assertion') ?? '';
      const [header = '', claims = '', signature = ''] = assertion.split('.');
      const valid = createVerify('RSA-SHA256').update(`${header}.${claims}`).verify(publicKey, Buffer.from(signature, 'base64url'));
      const claim = valid ? (JSON.parse(Buffer.from(claims, 'base64url').toString()) as { scope: string; iss: string }) : undefined;
      if (!claim || claim.iss !== 'payments@scorecast.iam.gserviceaccount.com' || !claim.scope.includes('androidpublisher')) {
        return send(response, 400, { error: 'invalid_grant' });
      }
      return send(response, 200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
    }
    if (request.headers.authorization !== `Bearer ${token}`) return send(response, 401, { error: { code: 401, message: 'Invalid Credentials', status: 'UNAUTHENTICATED' } });
    const match = /^\/androidpublisher\/v3\/applications\/([^/]+)\/purchases\/products\/([^/]+)\/tokens\/([^/:]+)(:acknowledge)?$/.exec(path);
    const purchase = match && match[1] === packageName ? purchases.get(match[3]!) : undefined;
    if (!match || !purchase || purchase.productId !== match[2]) {
      return send(response, 404, { error: { code: 404, message: 'The purchase token was not found.', status: 'NOT_FOUND' } });
    }
    if (match[4] && request.method === 'POST') {
      purchase.acknowledgementState = 1;
      return send(response, 204);
    }
    send(response, 200, {
      kind: 'androidpublisher#productPurchase',
      purchaseTimeMillis: String(Date.now()),
      purchaseState: purchase.purchaseState,
      consumptionState: 0,
      developerPayload: '',
      orderId: purchase.orderId,
      acknowledgementState: purchase.acknowledgementState,
      regionCode: 'DE',
      ...(purchase.obfuscatedExternalProfileId ? { obfuscatedExternalProfileId: purchase.obfuscatedExternalProfileId } : {}),
    });
  });
  return {
    url,
    packageName,
    purchases,
    serviceAccount: {
      client_email: 'payments@scorecast.iam.gserviceaccount.com',
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      token_uri: `${url}/token`,
    },
    /** A purchase made in the Play Store app; returns its token. */
    buy(productId: string, options: { purchaseState?: number; profile?: string } = {}): string {
      const purchaseToken = randomBytes(24).toString('base64url');
      purchases.set(purchaseToken, {
        productId,
        purchaseState: options.purchaseState ?? 0,
        acknowledgementState: 0,
        orderId: `GPA.${randomBytes(4).toString('hex')}`,
        ...(options.profile ? { obfuscatedExternalProfileId: options.profile } : {}),
      });
      return purchaseToken;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
