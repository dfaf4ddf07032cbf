import webpush from 'web-push';
import type { Db } from '../db/database.js';
import type { PushMessage } from './messages.js';
import type { VapidKeys } from './vapid.js';

/** Whom a push goes to: the user and the subscription JSON stored for them. */
export type PushTarget = { id: number; push_subscription: string };

/**
 * Encrypts (aes128gcm) and posts one push. web-push builds the request; it is sent with fetch so
 * that plain-http endpoints (a local push service) work too. A subscription the push service no
 * longer knows (404, 410) is removed. Returns the push service's status, 0 when unreachable.
 */
export async function sendPush(db: Db, vapid: VapidKeys & { subject: string }, target: PushTarget, message: PushMessage): Promise<number> {
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
  try {
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: new Uint8Array(request.body as Buffer),
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer();
    if (response.status === 404 || response.status === 410) await forget(db, target);
    return response.status;
  } catch {
    return 0;
  }
}

async function forget(db: Db, target: PushTarget): Promise<void> {
  // Only the subscription that failed: the user may have subscribed anew meanwhile.
  await db.updateTable('users').set({ push_subscription: null }).where('id', '=', target.id).where('push_subscription', '=', target.push_subscription).execute();
}
