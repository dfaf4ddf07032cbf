import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A push as the browser would show it, with the endpoint it reached. */
export type ReceivedPush = { endpoint: string; title: string; body: string; url: string };

/** One browser's push subscription with the private half of its key. */
export type TestSubscription = { json: { endpoint: string; keys: { p256dh: string; auth: string } }; decrypt(body: Buffer): string };

/**
 * A push service stand-in: accepts POSTs on /push/{id}, decrypts each aes128gcm body (RFC 8291)
 * with the subscription's private key and keeps the message. Endpoints added to `gone` answer 410.
 */
export async function startPushEndpoint() {
  const subscriptions = new Map<string, TestSubscription>();
  const received: ReceivedPush[] = [];
  const gone = new Set<string>();
  const authorizations: string[] = [];
  const server = createServer(async (request, response) => {
    const body = await readBody(request);
    const endpoint = `${base}${request.url}`;
    authorizations.push(String(request.headers.authorization ?? ''));
    if (gone.has(endpoint)) return response.writeHead(410).end();
    const subscription = subscriptions.get(endpoint);
    if (!subscription || request.headers['content-encoding'] !== 'aes128gcm') return response.writeHead(404).end();
    received.push({ endpoint, ...(JSON.parse(subscription.decrypt(body)) as Omit<ReceivedPush, 'endpoint'>) });
    response.writeHead(201).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    /** Where the stand-in listens: plain http on loopback, so a server must trust it by name. */
    origin: base,
    received,
    gone,
    authorizations,
    /** A new subscription on this push service, as PushSubscription.toJSON() gives it. */
    subscribe(): TestSubscription['json'] {
      const subscription = newSubscription(`${base}/push/${randomBytes(8).toString('hex')}`);
      subscriptions.set(subscription.json.endpoint, subscription);
      return subscription.json;
    },
    /** The pushes that reached one endpoint. */
    to(endpoint: string): ReceivedPush[] {
      return received.filter((push) => push.endpoint === endpoint);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function newSubscription(endpoint: string): TestSubscription {
  const agent = createECDH('prime256v1');
  const userPublic = agent.generateKeys();
  const authSecret = randomBytes(16);
  return {
    json: { endpoint, keys: { p256dh: userPublic.toString('base64url'), auth: authSecret.toString('base64url') } },
    decrypt(body) {
      // Header: salt (16) | record size (4) | key id length (1) | key id = the sender's public key.
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const senderPublic = body.subarray(21, 21 + idLength);
      const sealed = body.subarray(21 + idLength);
      const shared = agent.computeSecret(senderPublic);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), userPublic, senderPublic]);
      const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
      const key = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
      const decipher = createDecipheriv('aes-128-gcm', key, nonce);
      decipher.setAuthTag(sealed.subarray(sealed.length - 16));
      const plain = Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]);
      // The last record ends with the delimiter 2, then zero padding.
      const end = plain.lastIndexOf(2);
      return plain.subarray(0, end).toString('utf8');
    },
  };
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}
