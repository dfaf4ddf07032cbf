import { isSwitchedOn, positiveNumberOf, SettingError } from '../config.js';
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
  if (!isSwitchedOn('PUSH', env.PUSH)) return false;
  // A week at most: pushed a week ahead, a reminder says nothing.
  const minutes = positiveNumberOf('PUSH_REMINDER_MINUTES', env.PUSH_REMINDER_MINUTES, 60, 7 * 24 * 60);
  const sender = /<([^>]+)>/.exec(env.MAIL_FROM ?? '')?.[1];
  const trustedOrigins = listOf(env.PUSH_TRUSTED_ORIGINS);
  for (const origin of trustedOrigins) {
    if (!URL.canParse(origin)) throw new SettingError(`PUSH_TRUSTED_ORIGINS must be origins separated by commas, e.g. http://push.internal:8080, not ${JSON.stringify(origin)}`);
  }
  const subject = env.VAPID_SUBJECT || `mailto:${sender ?? 'noreply@scorecast.local'}`;
  // web-push refuses any other subject, at the first push rather than at start.
  if (!/^(mailto:|https:\/\/)/.test(subject)) throw new SettingError(`VAPID_SUBJECT must be a mailto: or https:// address, not ${JSON.stringify(subject)}`);
  return {
    missingPredictionLead: minutes * 60_000,
    subject,
    endpoints: { serviceHosts: listOf(env.PUSH_SERVICE_HOSTS), trustedOrigins },
  };
}
