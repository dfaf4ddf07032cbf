import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { countedScore, STAGES } from '@scorecast/rules';
import { z } from 'zod';
import type { Db } from './db/database.js';
import { upsertGame, upsertTeams } from './db/games.js';

const scoreSchema = z.object({ homeGoals: z.number().int().min(0), awayGoals: z.number().int().min(0) });

/** The shape of `fixtures/{year}.json`. */
export const fixtureSchema = z.object({
  year: z.number().int(),
  teams: z.array(z.object({ id: z.string().min(1).max(64), name: z.string() })),
  games: z.array(
    z.object({
      number: z.number().int().positive(),
      stage: z.enum(STAGES),
      group: z.string().nullish(),
      date: z.string().refine((date) => !Number.isNaN(Date.parse(date)), 'invalid date'),
      venue: z.string().nullish(),
      homeTeam: z.string().min(1).max(64),
      awayTeam: z.string().min(1).max(64),
      result: z.object({ fullTime: scoreSchema, extraTime: scoreSchema.optional(), penalties: scoreSchema.optional() }).nullish(),
    }),
  ),
});
export type Fixture = z.infer<typeof fixtureSchema>;

/** Imports (or re-imports) one year's teams and games; games with a result import as Finished. Returns the number of games. */
export async function importFixture(db: Db, fixture: Fixture): Promise<number> {
  await upsertTeams(db, fixture.year, fixture.teams);
  for (const game of fixture.games) {
    const score = game.result ? countedScore(game.result) : undefined;
    await upsertGame(db, {
      year: fixture.year,
      number: game.number,
      stage: game.stage,
      date: game.date,
      homeTeam: game.homeTeam,
      awayTeam: game.awayTeam,
      group: game.group ?? null,
      venue: game.venue ?? null,
      status: score ? 'Finished' : 'Scheduled',
      homeGoals: score?.homeGoals ?? null,
      awayGoals: score?.awayGoals ?? null,
    });
  }
  return fixture.games.length;
}

/** Imports every `{year}.json` of a folder; returns the years imported. */
export async function importFixtureFolder(db: Db, folder: string): Promise<number[]> {
  let files: string[];
  try {
    files = readdirSync(folder).filter((file) => /^\d{4}\.json$/.test(file));
  } catch {
    return [];
  }
  const years: number[] = [];
  for (const file of files.sort()) {
    const fixture = fixtureSchema.parse(JSON.parse(readFileSync(join(folder, file), 'utf8')));
    await importFixture(db, fixture);
    years.push(fixture.year);
  }
  return years;
}
