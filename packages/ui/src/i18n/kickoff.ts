// Making a formatter costs far more than formatting with it, and a schedule formats a hundred
// kickoffs: one formatter per kind and language serves them all.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(key: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let formatter = formatters.get(key);
  if (!formatter) formatters.set(key, (formatter = make()));
  return formatter;
}

/**
 * A kickoff's time of day, 24-hour in both languages: it stands beside the spec's dd.MM.yyyy dates,
 * where '07:00 PM' would read as a mix of two conventions.
 * @example kickoffTime('2026-06-11T19:00:00Z', 'en') // '19:00' (in UTC)
 */
export function kickoffTime(date: string | Date, language: string): string {
  return formatterOf(`time ${language}`, () => new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })).format(new Date(date));
}

/**
 * A game day as the spec writes it (dd.MM.yyyy), after the short weekday of the reader's language.
 * @example gameDay('2026-06-11T19:00:00Z', 'de') // 'Do., 11.06.2026'
 */
export function gameDay(date: string | Date, language: string): string {
  const day = new Date(date);
  const digits = fullDate(day);
  const weekday = formatterOf(`weekday ${language}`, () => new Intl.DateTimeFormat(language, { weekday: 'short' })).format(day);
  return `${weekday}${language === 'de' ? ',' : ''} ${digits}`;
}

/**
 * A moment of the last days, short: the day without its year, then the 24-hour time (when a
 * prediction was last changed, always shortly before its game).
 * @example dayAndTime('2026-06-11T18:42:00Z', 'de') // '11.06. 18:42' (in UTC)
 */
export function dayAndTime(date: string | Date, language: string): string {
  const moment = new Date(date);
  const day = [moment.getDate(), moment.getMonth() + 1].map((part) => String(part).padStart(2, '0')).join('.');
  return `${day}. ${kickoffTime(moment, language)}`;
}

/**
 * A moment of any day, dated as the dashboard dates its games: dd.MM.yyyy, then the 24-hour time.
 * @example dateAndTime('2026-06-10T12:14:00Z', 'en') // '10.06.2026 12:14' (in UTC)
 */
export function dateAndTime(date: string | Date, language: string): string {
  const moment = new Date(date);
  return `${fullDate(moment)} ${kickoffTime(moment, language)}`;
}

/** The local day as dd.MM.yyyy. */
function fullDate(day: Date): string {
  return [day.getDate(), day.getMonth() + 1].map((part) => String(part).padStart(2, '0')).concat(String(day.getFullYear())).join('.');
}
