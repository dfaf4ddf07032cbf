import type { PushOptions } from './notifier.js';

const listOf = (value: string | undefined) => (value ?? '').split(',').map((item) => item.trim()).filter((item) => item.length > 0);

/**
 * Web push settings of the environment: PUSH=off turns it off, PUSH_REMINDER_MINUTES (default 60)
 * is how long before kickoff a missing prediction is pushed, VAPID_SUBJECT the operator's contact.
 * PUSH_SERVICE_HOSTS (comma-separated, e.g. `fcm.googleapis.com,push.services.mozilla.com`) limits
 * subscriptions to those push services; PUSH_TRUSTED_ORIGINS names push services inside the
 * network that may be used although they are not public https.
 */
export function pushOptionsOf(env: NodeJS.ProcessEnv): PushOptions | false {
  if (env.PUSH === 'off') return false;
  const minutes = Number(env.PUSH_REMINDER_MINUTES ?? 60);
  if (!Number.isFinite(minutes) || minutes <= 0) throw new Error(`PUSH_REMINDER_MINUTES is not a positive number: ${env.PUSH_REMINDER_MINUTES}`);
  const sender = /<([^>]+)>/.exec(env.MAIL_FROM ?? '')?.[1];
  const trustedOrigins = listOf(env.PUSH_TRUSTED_ORIGINS);
  for (const origin of trustedOrigins) {
    if (!URL.canParse(origin)) throw new Error(`PUSH_TRUSTED_ORIGINS holds something that is not an origin: ${origin}`);
  }
  return {
    missingPredictionLead: minutes * 60_000,
    subject: env.VAPID_SUBJECT ?? `mailto:${sender ?? 'noreply@scorecast.local'}`,
    endpoints: { serviceHosts: listOf(env.PUSH_SERVICE_HOSTS), trustedOrigins },
  };
}
