import { canEditPrediction } from '@scorecast/rules';
import type { StoredGame } from '../db/games.js';

/** A day of games as reminders see it: its date in the reminder time zone and its games. */
export type GameDay = { day: string; firstKickoff: number; games: StoredGame[] };

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The calendar date of an instant in a time zone, as YYYY-MM-DD.
 * @example gameDayOf(Date.parse('2024-06-14T23:30:00Z'), 'Europe/Berlin') // '2024-06-15'
 */
export function gameDayOf(instant: number, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(instant);
}

/**
 * The game days whose reminder is due at `now`: from `lead` before the day's first kickoff until
 * that kickoff. Each carries the games that can still be predicted (Scheduled, before kickoff,
 * both teams known); a day with none is left out.
 */
export function dueGameDays(games: readonly StoredGame[], now: number, lead: number, timeZone: string): GameDay[] {
  const days = new Map<string, GameDay>();
  for (const game of games) {
    const kickoff = Date.parse(game.date);
    const day = gameDayOf(kickoff, timeZone);
    const entry = days.get(day) ?? { day, firstKickoff: kickoff, games: [] };
    entry.firstKickoff = Math.min(entry.firstKickoff, kickoff);
    if (canEditPrediction(game, now)) entry.games.push(game);
    days.set(day, entry);
  }
  return [...days.values()]
    .filter((entry) => entry.games.length > 0 && entry.firstKickoff - lead <= now && now < entry.firstKickoff)
    .map((entry) => ({ ...entry, games: entry.games.sort((a, b) => Date.parse(a.date) - Date.parse(b.date) || a.id - b.id) }));
}
