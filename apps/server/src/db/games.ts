import { groupLetterOf, type GameCorrection } from '@scorecast/api-client';
import { gameOf as gameOfRecord, type Game, type GameStatus, type Stage } from '@scorecast/rules';
import type { Db } from './database.js';
import type { Selectable, Updateable } from 'kysely';
import type { GameRow } from './tables.js';

/** A game as the server knows it: the wire game plus its year and fixture number. */
export type StoredGame = Game & { year: number; number: number; groupLetter?: string; correction?: GameCorrection };

type Selected = Selectable<GameRow>;

/**
 * Maps a row to the wire game. Every write keeps a Finished game's goals (changeGame, the admin
 * routes, the fixtures), and a migration made older rows without them Live.
 */
export function gameOf(row: Selected): StoredGame {
  const game = gameOfRecord({
    id: row.id,
    year: row.year,
    number: row.number,
    status: row.status as GameStatus,
    date: new Date(Number(row.kickoff)).toISOString(),
    stage: row.stage as Stage,
    ...(groupLetterOf({ stage: row.stage as Stage, groupLetter: row.group_name }) ? { groupLetter: row.group_name! } : {}),
    homeTeam: row.home_team,
    awayTeam: row.away_team,
    homeGoals: row.home_goals,
    awayGoals: row.away_goals,
    ...(row.corrected_at === null || row.corrected_at === undefined
      ? {}
      : { correction: { at: new Date(Number(row.corrected_at)).toISOString(), source: row.correction_source as GameCorrection['source'], reason: row.correction_reason } }),
  });
  if (!game) throw new Error(`game ${row.id} is Finished without its goals`);
  return game;
}

/** Every game, or those of one year, in id order. */
export async function listGames(db: Db, year?: number): Promise<StoredGame[]> {
  let query = db.selectFrom('games').selectAll();
  if (year !== undefined) query = query.where('year', '=', year);
  return (await query.orderBy('id').execute()).map(gameOf);
}

/** One game, or undefined. */
export async function findGame(db: Db, id: number): Promise<StoredGame | undefined> {
  const row = await db.selectFrom('games').selectAll().where('id', '=', id).executeTakeFirst();
  return row && gameOf(row);
}

export type GameChange = Partial<{
  status: GameStatus;
  homeGoals: number | null;
  awayGoals: number | null;
  date: string;
  homeTeam: string;
  awayTeam: string;
  stage: Stage;
}>;

/** Applies an admin change to a game; returns the game after it, or undefined when it does not exist. */
export async function updateGame(db: Db, id: number, change: GameChange): Promise<StoredGame | undefined> {
  const values: Updateable<GameRow> = {};
  if (change.status !== undefined) values.status = change.status;
  if (change.homeGoals !== undefined) values.home_goals = change.homeGoals;
  if (change.awayGoals !== undefined) values.away_goals = change.awayGoals;
  if (change.date !== undefined) values.kickoff = Date.parse(change.date);
  if (change.homeTeam !== undefined) values.home_team = change.homeTeam;
  if (change.awayTeam !== undefined) values.away_team = change.awayTeam;
  if (change.stage !== undefined) values.stage = change.stage;
  if (Object.keys(values).length > 0) await db.updateTable('games').set(values).where('id', '=', id).execute();
  return findGame(db, id);
}

export type NewGame = {
  year: number;
  number: number;
  stage: Stage;
  date: string;
  homeTeam: string;
  awayTeam: string;
  status?: GameStatus;
  homeGoals?: number | null;
  awayGoals?: number | null;
  /** The group of a group-stage game ('A'), when the fixture names it. */
  groupLetter?: string | null;
  venue?: string | null;
};

/** A game as its row is written. */
function rowOf(game: NewGame) {
  return {
    year: game.year,
    number: game.number,
    stage: game.stage,
    group_name: game.groupLetter ?? null,
    kickoff: Date.parse(game.date),
    venue: game.venue ?? null,
    home_team: game.homeTeam,
    away_team: game.awayTeam,
    status: game.status ?? 'Scheduled',
    home_goals: game.homeGoals ?? null,
    away_goals: game.awayGoals ?? null,
  };
}

/** The game of a year with a fixture number, or undefined. */
export async function findGameNumbered(db: Db, year: number, number: number): Promise<StoredGame | undefined> {
  const row = await db.selectFrom('games').selectAll().where('year', '=', year).where('number', '=', number).executeTakeFirst();
  return row && gameOf(row);
}

/** Sets where a game is played and its group letter; returns whether either changed. */
export async function setGamePlace(db: Db, id: number, place: { groupLetter: string | null; venue: string | null }): Promise<boolean> {
  const row = await db.selectFrom('games').select(['group_name', 'venue']).where('id', '=', id).executeTakeFirst();
  if (!row || (row.group_name === place.groupLetter && row.venue === place.venue)) return false;
  await db.updateTable('games').set({ group_name: place.groupLetter, venue: place.venue }).where('id', '=', id).execute();
  return true;
}

/** Adds a game, or replaces the game with the same year and number (a fresh database's import, the demo's rewind). */
export async function upsertGame(db: Db, game: NewGame): Promise<StoredGame> {
  const { year, number, ...changes } = rowOf(game);
  await db
    .insertInto('games')
    .values(rowOf(game))
    .onConflict((conflict) => conflict.columns(['year', 'number']).doUpdateSet(changes))
    .execute();
  return (await findGameNumbered(db, year, number))!;
}

/** Adds a game; undefined when its year already has a game of that number (which is left as it is). */
export async function addGame(db: Db, game: NewGame): Promise<StoredGame | undefined> {
  const [added] = await db
    .insertInto('games')
    .values(rowOf(game))
    .onConflict((conflict) => conflict.columns(['year', 'number']).doNothing())
    .execute();
  if (!added || Number(added.numInsertedOrUpdatedRows ?? 0) === 0) return undefined;
  return findGameNumbered(db, game.year, game.number);
}

/** The next free fixture number of a year. */
export async function nextGameNumber(db: Db, year: number): Promise<number> {
  const row = await db.selectFrom('games').select((eb) => eb.fn.max('number').as('last')).where('year', '=', year).executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
}

/**
 * Removes a game that has not started (its predictions and log go with it); returns the removed
 * game, 'started' for one under way or played (its points would vanish without a word: it is set
 * back to Scheduled first, with a reason), or undefined for an unknown id.
 */
export async function deleteGame(db: Db, id: number): Promise<StoredGame | 'started' | undefined> {
  const game = await findGame(db, id);
  if (!game) return undefined;
  // The status is checked by the delete itself: a game kicking off meanwhile stays.
  const { numDeletedRows } = await db.deleteFrom('games').where('id', '=', id).where('status', '=', 'Scheduled').executeTakeFirst();
  if (numDeletedRows > 0n) return game;
  return (await findGame(db, id)) ? 'started' : undefined;
}

/** Whether a team plays in a year. */
export async function isTeamOfYear(db: Db, year: number, team: string): Promise<boolean> {
  const row = await db.selectFrom('teams').select('id').where('year', '=', year).where('id', '=', team).executeTakeFirst();
  return row !== undefined;
}

/** Whether a fixture gave the year its teams. */
export async function yearHasTeams(db: Db, year: number): Promise<boolean> {
  return (await db.selectFrom('teams').select('id').where('year', '=', year).limit(1).executeTakeFirst()) !== undefined;
}

/** Adds or renames the teams of a year. */
export async function upsertTeams(db: Db, year: number, teams: readonly { id: string; name: string }[]): Promise<void> {
  for (const team of teams) {
    await db
      .insertInto('teams')
      .values({ year, id: team.id, name: team.name })
      .onConflict((conflict) => conflict.columns(['year', 'id']).doUpdateSet({ name: team.name }))
      .execute();
  }
}
