import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import webpush from 'web-push';
import type { Db } from '../db/database.js';
import { endpointRefusalOf, publicOnlyLookup, type PushEndpointPolicy } from './endpoint.js';
import type { PushMessage } from './messages.js';
import type { VapidKeys } from './vapid.js';

/** Whom a push goes to: the user and the subscription JSON stored for them. */
export type PushTarget = { id: number; push_subscription: string };

/**
 * Encrypts (aes128gcm) and posts one push. The endpoint is checked again here, not only when it was
 * saved: its URL against the policy, and its name as it resolves now, inside the connection's own
 * lookup (see publicOnlyLookup). Redirects are not followed. A subscription the push service no
 * longer knows (404, 410), or whose URL the policy refuses, is removed. Returns the push service's
 * status, 0 when unreachable or refused.
 */
export async function sendPush(db: Db, vapid: VapidKeys & { subject: string }, target: PushTarget, message: PushMessage, policy: PushEndpointPolicy = {}): Promise<number> {
  let request: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    request = webpush.generateRequestDetails(JSON.parse(target.push_subscription) as webpush.PushSubscription, JSON.stringify(message), {
      vapidDetails: vapid,
      TTL: 3600,
      contentEncoding: 'aes128gcm',
    });
  } catch {
    // A subscription that cannot be encrypted to (bad keys) never will be.
    await forget(db, target);
    return 0;
  }
  if (endpointRefusalOf(request.endpoint, policy)) {
    await forget(db, target);
    return 0;
  }
  try {
    const url = new URL(request.endpoint);
    const trusted = (policy.trustedOrigins ?? []).some((origin) => new URL(origin).origin === url.origin);
    const status = await post(url, request.headers, request.body as Buffer, trusted ? undefined : publicOnlyLookup(policy));
    if (status === 404 || status === 410) await forget(db, target);
    return status;
  } catch {
    return 0;
  }
}

/** One POST over node's http(s) with a chosen lookup; the answer's body is read and dropped. */
function post(url: URL, headers: Record<string, string>, body: Buffer, lookup: LookupFunction | undefined): Promise<number> {
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = transport.request(url, { method: 'POST', headers, ...(lookup ? { lookup } : {}), timeout: 10_000 }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    });
    outgoing.on('timeout', () => outgoing.destroy(new Error('push service timed out')));
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

async function forget(db: Db, target: PushTarget): Promise<void> {
  // Only the subscription that failed: the user may have subscribed anew meanwhile.
  await db.updateTable('users').set({ push_subscription: null }).where('id', '=', target.id).where('push_subscription', '=', target.push_subscription).execute();
}
