import { isSwitchedOn, positiveNumberOf, SettingError } from '../config.js';
import { DEFAULT_REMINDER_LEAD, DEFAULT_REMINDER_TIME_ZONE, type ReminderOptions } from './run.js';

/** Whether Intl knows a time zone. */
function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Reads the reminder mails' settings: `REMINDER_MAILS=off` turns them off, `REMINDER_MAIL_HOURS`
 * is the time before a game day's first kickoff (default 3), `REMINDER_TIME_ZONE` the zone of game
 * days and of the times in the mails (default Europe/Berlin).
 * @example reminderOptionsOf({ REMINDER_MAIL_HOURS: '2' }) // { lead: 7200000, timeZone: 'Europe/Berlin' }
 */
export function reminderOptionsOf(env: NodeJS.ProcessEnv): ReminderOptions | false {
  if (!isSwitchedOn('REMINDER_MAILS', env.REMINDER_MAILS)) return false;
  const hours = positiveNumberOf('REMINDER_MAIL_HOURS', env.REMINDER_MAIL_HOURS, DEFAULT_REMINDER_LEAD / (60 * 60 * 1000), 48);
  const timeZone = env.REMINDER_TIME_ZONE || DEFAULT_REMINDER_TIME_ZONE;
  // A zone Intl does not know is refused at start rather than at the first reminder.
  if (!isTimeZone(timeZone)) {
    throw new SettingError(`REMINDER_TIME_ZONE must be an IANA time zone such as Europe/Berlin, not ${JSON.stringify(timeZone)}`);
  }
  return { lead: hours * 60 * 60 * 1000, timeZone };
}
