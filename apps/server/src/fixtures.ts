import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_INT4 } from '@scorecast/api-client';
import { isPlaceholderTeam, MAX_GOALS, STAGES } from '@scorecast/rules';
import { sql } from 'kysely';
import { z } from 'zod';
import type { ServerContext } from './context.js';
import type { Db } from './db/database.js';
import type { Dialect } from './db/migrations.js';
import { addGame, findGame, findGameNumbered, setGamePlace, upsertGame, upsertTeams, type StoredGame } from './db/games.js';
import { announceChange, noticeIn, writeChange, type WrittenChange } from './feeds/gameChanges.js';
import { changeFromMatch } from './feeds/sync.js';
import { gameAt } from './fixtureTimeline.js';

const scoreSchema = z.object({ homeGoals: z.number().int().min(0).max(MAX_GOALS), awayGoals: z.number().int().min(0).max(MAX_GOALS) });
// What the database can hold: no control characters (PostgreSQL's text holds no NUL).
const textSchema = z.string().max(200).regex(/^[^\p{Cc}\p{Cs}]*$/u, 'invalidCharacters');
const teamIdSchema = textSchema.min(1).max(64);

/** The shape of `fixtures/{year}.json`. */
export const fixtureSchema = z.object({
  year: z.number().int().min(2000).max(2100),
  teams: z.array(z.object({ id: teamIdSchema, name: textSchema })),
  games: z.array(
    z.object({
      number: z.number().int().positive().max(MAX_INT4),
      stage: z.enum(STAGES),
      /** The group of a group-stage game: 'A' to 'L'. */
      group: z.string().regex(/^[A-Z]{1,2}$/).nullish(),
      date: z.string().refine((date) => !Number.isNaN(Date.parse(date)), 'invalid date'),
      venue: textSchema.nullish(),
      /** A team id, or a placeholder (`1A`, `W74`) while the organiser has not decided it. */
      homeTeam: teamIdSchema,
      awayTeam: teamIdSchema,
      /** What a knockout side shows until its team is known, when the file knows it (`2A`, `3A/B/C/D/F`, `W74`). */
      homePlaceholder: z.string().refine(isPlaceholderTeam, 'notAPlaceholder').optional(),
      awayPlaceholder: z.string().refine(isPlaceholderTeam, 'notAPlaceholder').optional(),
      result: z.object({ fullTime: scoreSchema, extraTime: scoreSchema.optional(), penalties: scoreSchema.optional() }).nullish(),
      /** Every goal in order; the clock's instant and the replay play them. */
      goals: z.array(z.object({ minute: z.number().int().min(0).max(1000), side: z.enum(['home', 'away']) })).optional(),
    }),
  ).min(1),
})
  // Two games of one number would be one game, the later overwriting the earlier.
  .refine((fixture) => new Set(fixture.games.map((game) => game.number)).size === fixture.games.length, { message: 'duplicateNumber', path: ['games'] })
  // What the admin API refuses for one game, a file may not do for many: a team it does not list,
  // one team on both sides, a game outside its year.
  .refine((fixture) => fixture.games.every((game) => [game.homeTeam, game.awayTeam].every((team) => isPlaceholderTeam(team) || fixture.teams.some((listed) => listed.id === team))), {
    message: 'unknownTeam',
    path: ['games'],
  })
  .refine((fixture) => fixture.games.every((game) => game.homeTeam !== game.awayTeam), { message: 'sameTeams', path: ['games'] })
  .refine((fixture) => new Set(fixture.teams.map((team) => team.id)).size === fixture.teams.length, { message: 'duplicateTeam', path: ['teams'] })
  .refine((fixture) => fixture.games.every((game) => !game.group || game.stage === 'Group'), { message: 'groupStageOnly', path: ['games'] })
  // Goals after extra time include those of the 90 minutes; a shoot-out follows extra time.
  .refine((fixture) => fixture.games.every(({ result }) => !result || ((!result.penalties || result.extraTime) && (!result.extraTime || (result.extraTime.homeGoals >= result.fullTime.homeGoals && result.extraTime.awayGoals >= result.fullTime.awayGoals)))), {
    message: 'impossibleResult',
    path: ['games'],
  })
  .refine((fixture) => fixture.games.every((game) => new Date(game.date).getUTCFullYear() === fixture.year), { message: 'notInYear', path: ['games'] });
export type Fixture = z.infer<typeof fixtureSchema>;

/**
 * Imports (or re-imports) one year's teams and games as they stood at `now` (default: everything
 * the file holds): a game kicking off later is Scheduled without its result, one in play is Live
 * with the goals so far, and a knockout game's teams are placeholders until they were known.
 * Returns the number of games.
 */
export async function importFixture(db: Db, fixture: Fixture, now = Number.POSITIVE_INFINITY): Promise<number> {
  await upsertTeams(db, fixture.year, fixture.teams);
  for (const game of fixture.games) {
    await upsertGame(db, {
      year: fixture.year,
      number: game.number,
      stage: game.stage,
      date: game.date,
      groupLetter: game.group ?? null,
      venue: game.venue ?? null,
      ...gameAt(fixture, game, now),
    });
  }
  return fixture.games.length;
}

/**
 * On a database without games, imports every `{year}.json` of `folder` in one transaction; returns
 * the years imported, or undefined when there were games. On PostgreSQL one process at a time looks:
 * a second process starting beside the first waits for its whole import, where it had served (and
 * kept) the years imported so far.
 */
export async function importOnFirstStart(db: Db, dialect: Dialect, folder: string, now: number): Promise<number[] | undefined> {
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') await sql`SELECT pg_advisory_xact_lock(hashtext('scorecast first import'))`.execute(trx);
    const { count } = await trx.selectFrom('games').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
    return Number(count) === 0 ? importFixtureFolder(trx, folder, now) : undefined;
  });
}

/**
 * Imports a year's file over the games already stored, as the operator uploads it while the
 * tournament runs, in one transaction: a game the year lacks is added, and a stored game changes the
 * way a result feed changes it (fields the operator set by hand stay, a status never goes back, a
 * started game keeps its kickoff, every change is logged, a changed final result is a correction
 * mailed to the players). Returns the number of games in the file.
 */
export async function reimportFixture(context: ServerContext, fixture: Fixture): Promise<number> {
  const now = context.clock.now();
  const { added, changed, placed } = await context.db.transaction().execute(async (trx) => {
    const written = { added: [] as StoredGame[], changed: [] as WrittenChange[], placed: [] as number[] };
    await upsertTeams(trx, fixture.year, fixture.teams);
    for (const game of fixture.games) {
      const place = { groupLetter: game.group ?? null, venue: game.venue ?? null };
      const state = gameAt(fixture, game, now);
      const stored = await findGameNumbered(trx, fixture.year, game.number);
      if (!stored) {
        const newGame = await addGame(trx, { year: fixture.year, number: game.number, stage: game.stage, date: game.date, ...place, ...state });
        if (newGame) written.added.push(newGame);
        continue;
      }
      // A side the file does not know yet says nothing: a team known here never goes back to a placeholder.
      const known = (team: string) => (isPlaceholderTeam(team) ? null : team);
      const asMatch = { kickoff: Date.parse(game.date), ...state, homeTeam: known(state.homeTeam), awayTeam: known(state.awayTeam) };
      // A started game keeps its teams, as it keeps its kickoff: the file does not redraw a game played.
      const asPlayed = stored.status === 'Scheduled' ? asMatch : { ...asMatch, homeTeam: null, awayTeam: null };
      const change = { ...changeFromMatch(stored, asPlayed), ...(game.stage === stored.stage ? {} : { stage: game.stage }) };
      const isPlaced = await setGamePlace(trx, stored.id, place);
      const done = Object.keys(change).length > 0 ? await writeChange(trx, now, stored.id, change, { source: 'feed' }) : undefined;
      if (done) {
        await noticeIn(context, trx, done);
        written.changed.push(done);
      } else if (isPlaced) {
        written.placed.push(stored.id);
      }
    }
    return written;
  });
  for (const game of added) context.events.emit('gameChanged', { game });
  for (const change of changed) announceChange(context, change);
  for (const id of placed) {
    const game = await findGame(context.db, id);
    if (game) context.events.emit('gameChanged', { game });
  }
  return fixture.games.length;
}

/** Imports every `{year}.json` of a folder as it stood at `now`; returns the years imported. */
export async function importFixtureFolder(db: Db, folder: string, now = Number.POSITIVE_INFINITY): Promise<number[]> {
  let files: string[];
  try {
    files = readdirSync(folder).filter((file) => /^\d{4}\.json$/.test(file));
  } catch {
    return [];
  }
  const years: number[] = [];
  for (const file of files.sort()) {
    const fixture = fixtureSchema.parse(JSON.parse(readFileSync(join(folder, file), 'utf8')));
    await importFixture(db, fixture, now);
    years.push(fixture.year);
  }
  return years;
}
