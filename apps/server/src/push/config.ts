import type { PushOptions } from './notifier.js';

/**
 * Web push settings of the environment: PUSH=off turns it off, PUSH_REMINDER_MINUTES (default 60)
 * is how long before kickoff a missing prediction is pushed, VAPID_SUBJECT the operator's contact.
 */
export function pushOptionsOf(env: NodeJS.ProcessEnv): PushOptions | false {
  if (env.PUSH === 'off') return false;
  const minutes = Number(env.PUSH_REMINDER_MINUTES ?? 60);
  if (!Number.isFinite(minutes) || minutes <= 0) throw new Error(`PUSH_REMINDER_MINUTES is not a positive number: ${env.PUSH_REMINDER_MINUTES}`);
  const sender = /<([^>]+)>/.exec(env.MAIL_FROM ?? '')?.[1];
  return { missingPredictionLead: minutes * 60_000, subject: env.VAPID_SUBJECT ?? `mailto:${sender ?? 'noreply@scorecast.local'}` };
}
