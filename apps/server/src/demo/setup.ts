import { hash } from '@node-rs/argon2';
import { defaultPointConfiguration, nameKey } from '@scorecast/rules';
import type { ServerContext } from '../context.js';
import { listGames } from '../db/games.js';
import { importFixture } from '../fixtures.js';
import { createGroup } from '../db/groups.js';
import type { ReplayFixture } from './timeline.js';

/** The demo's players: every one activated, all with the same password. */
export const DEMO_PASSWORD = 'Demo!2024';
export const DEMO_NAMES = ['Anna', 'Ben', 'Clara', 'David', 'Emma', 'Felix'] as const;

export type DemoSetup = { logins: string[]; password: string; groupId: string; startAt: number };

/** A small repeatable number generator, so every demo run gets the same predictions. */
function generator(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 2 ** 32;
  };
}

const MINUTE = 60_000;

/**
 * How long before the first kickoff a replay at `speed` starts: six real minutes, for a newcomer
 * to register, make a group and pick a champion (ten minutes on the clock went by in ten seconds at
 * 60x, three real minutes were not enough), at least ten minutes and at most six hours on the clock.
 * @example demoLeadOf(60) // six hours on the clock, six real minutes
 */
export function demoLeadOf(speed: number): number {
  return Math.min(6 * 60 * MINUTE, Math.max(10 * MINUTE, 6 * MINUTE * speed));
}

/**
 * Prepares a replay of a year: its games back to Scheduled with no score and knockout teams not yet known, demo players in a demo
 * group with a prediction for every game and a champion pick, and the clock `lead` ms (by default
 * {@link demoLeadOf}) before the first kickoff at `speed`. Runs again without harm (players and group are reused).
 */
export async function prepareDemo(context: ServerContext, fixture: ReplayFixture, options: { players?: number; speed?: number; lead?: number } = {}): Promise<DemoSetup> {
  const { db } = context;
  const year = fixture.year;
  const names = DEMO_NAMES.slice(0, options.players ?? DEMO_NAMES.length);
  const firstKickoff = Math.min(...fixture.games.map((game) => Date.parse(game.date)));
  const startAt = firstKickoff - (options.lead ?? demoLeadOf(options.speed ?? 0));
  // As the year stood before its first kickoff: no results, knockout teams as placeholders.
  await importFixture(db, fixture, startAt);
  const numbers = fixture.games.map((game) => game.number);
  await db
    .updateTable('games')
    .set({ status: 'Scheduled', home_goals: null, away_goals: null, corrected_at: null, correction_reason: null, correction_source: null })
    .where('year', '=', year)
    .where('number', 'in', numbers)
    .execute();
  // The replay plays the feed's part: leftovers of an earlier run must not block it, and its games'
  // logs start over with it (the earlier run's goals would be logged a second time).
  const games = (await listGames(db, year)).filter((game) => numbers.includes(game.number));
  if (games.length > 0) {
    const gameIds = games.map((game) => game.id);
    await db.deleteFrom('game_overrides').where('game_id', 'in', gameIds).execute();
    await db.deleteFrom('push_reminders').where('game_id', 'in', gameIds).execute();
    await db.deleteFrom('game_log').where('game_id', 'in', gameIds).execute();
  }

  const passwordHash = await hash(DEMO_PASSWORD);
  const now = context.clock.now();
  const ids: number[] = [];
  for (const name of names) {
    const login = `${name.toLowerCase()}@demo.scorecast`;
    await db
      .insertInto('users')
      .values({ login, password_hash: passwordHash, activated: 1, name, language: 'en', created_at: now })
      .onConflict((conflict) => conflict.column('login').doUpdateSet({ password_hash: passwordHash, activated: 1 }))
      .execute();
    ids.push((await db.selectFrom('users').select('id').where('login', '=', login).executeTakeFirstOrThrow()).id);
  }

  const groupName = `Demo ${year}`;
  const existing = await db.selectFrom('groups').select('id').where('creator_id', '=', ids[0]!).where('year', '=', year).where('name', '=', groupName).executeTakeFirst();
  const created = existing ? undefined : await createGroup(db, { name: groupName, creatorId: ids[0]!, year, maxPlayers: null, pointConfiguration: defaultPointConfiguration(year), playerName: names[0]!, now, lockRows: false });
  // The demo's players play in this group alone, which none of them has made before.
  if (typeof created === 'string') throw new Error(`the demo group could not be made: ${created}`);
  const groupId = existing?.id ?? created!.id;
  for (const [index, userId] of ids.entries()) {
    await db.insertInto('players').values({ group_id: groupId, user_id: userId, name: names[index]!, name_key: nameKey(names[index]!), joined_at: now }).onConflict((conflict) => conflict.columns(['group_id', 'user_id']).doNothing()).execute();
    const random = generator(year * 31 + index + 1);
    for (const game of games) {
      const prediction = { user_id: userId, game_id: game.id, home_goals: Math.floor(random() * 4), away_goals: Math.floor(random() * 3) };
      await db.insertInto('predictions').values(prediction).onConflict((conflict) => conflict.columns(['user_id', 'game_id']).doUpdateSet({ home_goals: prediction.home_goals, away_goals: prediction.away_goals })).execute();
    }
    const team = fixture.teams[Math.floor(random() * fixture.teams.length)]!.id;
    await db.insertInto('champion_picks').values({ user_id: userId, year, team }).onConflict((conflict) => conflict.columns(['user_id', 'year']).doUpdateSet({ team })).execute();
  }

  context.clock.set(startAt, options.speed ?? 1);
  for (const game of await listGames(db, year)) context.events.emit('gameChanged', { game });
  context.events.emit('groupChanged', { groupId });
  return { logins: names.map((name) => `${name.toLowerCase()}@demo.scorecast`), password: DEMO_PASSWORD, groupId, startAt };
}
