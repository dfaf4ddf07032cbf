import { DEFAULT_REMINDER_LEAD, DEFAULT_REMINDER_TIME_ZONE, type ReminderOptions } from './run.js';

/**
 * Reads the reminder mails' settings: `REMINDER_MAILS=off` turns them off, `REMINDER_MAIL_HOURS`
 * is the time before a game day's first kickoff (default 3), `REMINDER_TIME_ZONE` the zone of game
 * days and of the times in the mails (default Europe/Berlin).
 * @example reminderOptionsOf({ REMINDER_MAIL_HOURS: '2' }) // { lead: 7200000, timeZone: 'Europe/Berlin' }
 */
export function reminderOptionsOf(env: NodeJS.ProcessEnv): ReminderOptions | false {
  if (env.REMINDER_MAILS === 'off') return false;
  const hours = env.REMINDER_MAIL_HOURS === undefined ? undefined : Number(env.REMINDER_MAIL_HOURS);
  if (hours !== undefined && !(Number.isFinite(hours) && hours > 0 && hours <= 48)) throw new Error(`REMINDER_MAIL_HOURS is not a number of hours from 0 to 48: ${env.REMINDER_MAIL_HOURS}`);
  const timeZone = env.REMINDER_TIME_ZONE ?? DEFAULT_REMINDER_TIME_ZONE;
  // Throws a RangeError for a zone Intl does not know, at start rather than at the first reminder.
  new Intl.DateTimeFormat('en', { timeZone });
  return { lead: hours === undefined ? DEFAULT_REMINDER_LEAD : hours * 60 * 60 * 1000, timeZone };
}
