import type { ExpressionBuilder } from 'kysely';
import type { Tables } from '../db/tables.js';

/**
 * Whether a player gets reminder mails: when they chose them (1), or, not having chosen (null),
 * when no push reaches them (no subscription, or the main push switch off). 0 is switched off.
 * @example mailRemindersOn({ mail_reminders: null, push_subscription: null, notify: 0 }) // true
 */
export function mailRemindersOn(user: { mail_reminders: number | null; push_subscription: string | null; notify: number }): boolean {
  if (user.mail_reminders !== null) return user.mail_reminders === 1;
  return user.push_subscription === null || user.notify !== 1;
}

/** mailRemindersOn as a condition on the users table. */
export function wantsReminderMails(eb: ExpressionBuilder<Tables, 'users'>) {
  return eb.or([
    eb('users.mail_reminders', '=', 1),
    eb.and([eb('users.mail_reminders', 'is', null), eb.or([eb('users.push_subscription', 'is', null), eb('users.notify', '<>', 1)])]),
  ]);
}
