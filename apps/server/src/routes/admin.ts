import { timingSafeEqual } from 'node:crypto';
import { competitionYearSchema, gameStatusSchema, goalsSchema, groupLetterOf, groupLetterSchema, languageSchema, MAX_INT4, pathIdSchema, stageSchema, teamSchema } from '@scorecast/api-client';
import { isPlaceholderTeam, isUndecidedKnockout, teamsKnown, type GameRecord, type Language } from '@scorecast/rules';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { registerGameLogRoute } from '../changes/routes.js';
import { addressKeyOf } from '../clientAddress.js';
import { clockSpeedSchema, instantSchema } from '../clock.js';
import type { ServerContext } from '../context.js';
import type { Db } from '../db/database.js';
import { addGame, deleteGame, findGame, isTeamOfYear, listGames, nextGameNumber, yearHasTeams, type StoredGame } from '../db/games.js';
import { createLinkToken } from '../db/tokens.js';
import { changeGame } from '../feeds/gameChanges.js';
import { fixtureSchema, reimportFixture } from '../fixtures.js';
import { badRequest, HttpError, notFound } from '../httpError.js';
import { newsletterMail, unsubscribeLink } from '../mail/messages.js';
import { parseInput } from '../validate.js';

const idParamsSchema = z.object({ id: pathIdSchema });
// Text an operator types: lines and tabs, but no other control characters (C0 and C1; PostgreSQL
// holds no NUL), and something to read: a reason of only zero-width spaces explains nothing.
// eslint-disable-next-line no-control-regex -- control characters are exactly what it refuses
const operatorTextSchema = z.string().regex(/^[^\p{Cs}\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]*$/u, 'invalidCharacters');
const sayable = (text: string) => text === '' || /[\p{L}\p{N}\p{P}\p{S}]/u.test(text);
const clockSchema = z.object({ now: instantSchema, speed: clockSpeedSchema.optional() }).strict();
const gameChangeSchema = z.object({
  status: z.optional(gameStatusSchema),
  homeGoals: z.optional(z.nullable(goalsSchema)),
  awayGoals: z.optional(z.nullable(goalsSchema)),
  date: instantSchema.optional(),
  homeTeam: z.optional(teamSchema),
  awayTeam: z.optional(teamSchema),
  stage: z.optional(stageSchema),
  /** Why the operator changed it by hand: recorded, and the feed leaves these fields alone. */
  reason: operatorTextSchema.trim().max(500).refine(sayable, 'invisible').optional(),
})
  // A misspelt field (`homegoals`) changed nothing and was answered 200.
  .strict()
  .refine((change) => Object.keys(change).some((field) => field !== 'reason'), { message: 'nothingToChange' });
const newGameSchema = z.object({
  year: z.optional(competitionYearSchema),
  number: z.number().int().positive().max(MAX_INT4).optional(),
  stage: stageSchema,
  groupLetter: z.optional(groupLetterSchema),
  date: instantSchema,
  homeTeam: teamSchema,
  awayTeam: teamSchema,
  status: z.optional(gameStatusSchema),
  homeGoals: z.optional(z.nullable(goalsSchema)),
  awayGoals: z.optional(z.nullable(goalsSchema)),
})
  .strict()
  .refine((game) => game.status !== 'Finished' || game.homeGoals != null, { message: 'resultRequired', path: ['homeGoals'] })
  .refine((game) => game.status !== 'Finished' || game.awayGoals != null, { message: 'resultRequired', path: ['awayGoals'] })
  .refine((game) => game.groupLetter === undefined || groupLetterOf(game) !== undefined, { message: 'groupStageOnly', path: ['groupLetter'] })
  // Goals of a game that has not started would show nowhere (as for a change: notStarted).
  .refine((game) => (game.status ?? 'Scheduled') !== 'Scheduled' || (game.homeGoals == null && game.awayGoals == null), { message: 'notStarted', path: ['homeGoals'] });
const newsletterSchema = z.object({
  // A subject is one line of a mail header.
  subject: operatorTextSchema.trim().min(1).max(200).regex(/^[^\t\r\n]*$/, 'lineBreak').refine(sayable, 'invisible'),
  text: operatorTextSchema.trim().min(1).max(50_000).refine(sayable, 'invisible'),
  /** Only to players of this language; both when absent. */
  language: z.optional(languageSchema),
})
  // A misspelt `langauge` mailed every player instead of those of one language.
  .strict();
const yearQuerySchema = z.object({ year: z.string().regex(/^[0-9]{4}$/, 'invalid').transform(Number).pipe(competitionYearSchema).optional() });

type Sides = { homeTeam: string; awayTeam: string };

/**
 * Refuses a named side that is neither a team of the year nor a knockout placeholder as the fixtures
 * write them (`W49`, `1A`), and a game of one team against itself (`named` over the game's sides
 * `before`). A year without teams, entered game by game, takes any team.
 */
async function checkTeams(db: Db, year: number, named: Partial<Sides>, before?: Sides): Promise<void> {
  // Most changes (a goal, a status) name no team: nothing to read then.
  if (named.homeTeam === undefined && named.awayTeam === undefined) return;
  const checked = await yearHasTeams(db, year);
  for (const side of ['homeTeam', 'awayTeam'] as const) {
    const team = named[side];
    if (checked && team !== undefined && !isPlaceholderTeam(team) && !(await isTeamOfYear(db, year, team))) throw badRequest('unknownTeam', side);
  }
  if ((named.homeTeam ?? before?.homeTeam) === (named.awayTeam ?? before?.awayTeam)) throw badRequest('sameTeams', named.awayTeam === undefined ? 'homeTeam' : 'awayTeam');
}

/** Wrong admin tokens one address may send in a window; past them every admin call of it is refused until the window ends. */
const GUESSES_PER_WINDOW = 10;
const GUESS_WINDOW_MS = 60_000;
/** Far more addresses than guess at once; past it the count starts over rather than grow. */
const MAX_GUESSING_ADDRESSES = 10_000;

/** The operator's API: games, results, fixtures and the clock, behind `X-Admin-Token`. */
export function registerAdminRoutes(app: FastifyInstance, context: ServerContext): void {
  const { db, events } = context;
  const expected = Buffer.from(context.adminToken);
  const gameChanged = (game: StoredGame, action?: 'DELETE') => {
    events.emit('gameChanged', action ? { game, action } : { game });
  };

  // Wrong tokens by address, in the minute since the first: an operator may mistype, a guesser is stopped.
  const guesses = new Map<string, { since: number; count: number }>();
  app.register(async (admin) => {
    admin.addHook('onRequest', async (request) => {
      const now = Date.now();
      const address = addressKeyOf(request.ip);
      let tried = guesses.get(address);
      if (tried && now - tried.since >= GUESS_WINDOW_MS) {
        guesses.delete(address);
        tried = undefined;
      }
      if (tried && tried.count >= GUESSES_PER_WINDOW) throw new HttpError(429, 'tooManyRequests', undefined, Math.ceil((tried.since + GUESS_WINDOW_MS - now) / 1000));
      const given = Buffer.from(String(request.headers['x-admin-token'] ?? ''));
      if (given.length === expected.length && timingSafeEqual(given, expected)) return;
      if (!tried) {
        if (guesses.size >= MAX_GUESSING_ADDRESSES) guesses.clear();
        tried = { since: now, count: 0 };
        guesses.set(address, tried);
      }
      tried.count += 1;
      throw new HttpError(401, 'adminTokenRequired');
    });

    admin.get('/api/admin/games', async (request) => listGames(db, parseInput(yearQuerySchema, request.query).year));
    registerGameLogRoute(admin, context);

    admin.post('/api/admin/games', async (request) => {
      const body = parseInput(newGameSchema, request.body);
      const year = body.year ?? new Date(body.date).getUTCFullYear();
      if (new Date(body.date).getUTCFullYear() !== year) throw badRequest('notInYear', 'date');
      await checkTeams(db, year, body);
      // A number the year has is another game's: never overwritten here (fixture imports replace games
      // on purpose). A number the server chose and another game took meanwhile is chosen again.
      for (let attempt = 1; ; attempt++) {
        const game = await addGame(db, { ...body, year, number: body.number ?? (await nextGameNumber(db, year)) });
        if (game) {
          gameChanged(game);
          return game;
        }
        if (body.number !== undefined || attempt === 10) throw new HttpError(409, 'numberTaken', 'number');
      }
    });

    admin.post('/api/admin/games/:id', async (request) => {
      const { id } = parseInput(idParamsSchema, request.params);
      const change = parseInput(gameChangeSchema, request.body);
      // A game keeps its tournament year even when its kickoff moves.
      const game = await findGame(db, id);
      if (!game) throw notFound('unknownGame');
      if (change.date !== undefined && new Date(change.date).getUTCFullYear() !== game.year) throw badRequest('notInYear', 'date');
      await checkTeams(db, game.year, change, game);
      // A knockout game has a winner (extra time and penalties count): finished level, it would score for nobody.
      const held: GameRecord = game;
      const after = {
        stage: change.stage ?? game.stage,
        status: change.status ?? game.status,
        homeTeam: change.homeTeam ?? game.homeTeam,
        awayTeam: change.awayTeam ?? game.awayTeam,
        homeGoals: change.homeGoals === undefined ? held.homeGoals : change.homeGoals,
        awayGoals: change.awayGoals === undefined ? held.awayGoals : change.awayGoals,
      };
      // A placeholder (W49, 1A) names a knockout game's team to come: a group game has its teams.
      if (after.stage === 'Group' && !teamsKnown(after)) throw badRequest('placeholderInGroupStage', isPlaceholderTeam(after.homeTeam) ? 'homeTeam' : 'awayTeam');
      // Until both teams are known nobody could predict it: it has no result to take.
      if (after.status !== 'Scheduled' && change.status !== undefined && !teamsKnown(after)) throw badRequest('teamsNotKnown', 'status');
      if (isUndecidedKnockout(after)) throw badRequest('knockoutDraw', 'homeGoals');
      const { reason, ...fields } = change;
      const changed = (await changeGame(context, id, fields, { source: 'admin', reason })) ?? (await findGame(db, id));
      // Removed meanwhile (a delete sent at the same moment): the change was not made.
      if (!changed) throw notFound('unknownGame');
      return changed;
    });

    admin.delete('/api/admin/games/:id', async (request) => {
      const { id } = parseInput(idParamsSchema, request.params);
      const game = await deleteGame(db, id);
      if (!game) throw notFound('unknownGame');
      if (game === 'started') throw badRequest('started', 'status');
      gameChanged(game, 'DELETE');
      return game;
    });

    admin.post('/api/admin/fixtures', async (request) => {
      const fixture = parseInput(fixtureSchema, request.body);
      const count = await reimportFixture(context, fixture);
      return { year: fixture.year, games: count };
    });

    admin.post('/api/admin/clock', async (request) => {
      const body = parseInput(clockSchema, request.body);
      context.clock.set(Date.parse(body.now), body.speed);
      return { now: new Date(context.clock.now()).toISOString() };
    });

    admin.post('/api/admin/newsletter', async (request) => {
      const body = parseInput(newsletterSchema, request.body);
      let query = db.selectFrom('users').select(['id', 'login', 'language']).where('activated', '=', 1).where('newsletter', '=', 1);
      if (body.language) query = query.where('language', '=', body.language);
      const readers = await query.orderBy('id').execute();
      // One by one: a mail server that refuses one address must not cost the others their mail.
      let sent = 0;
      for (const reader of readers) {
        try {
          const link = unsubscribeLink(context.publicUrl, reader.login, await createLinkToken(db, reader.id, 'unsubscribe', context.clock.now()));
          await context.mailer.send(newsletterMail(context.texts, reader.language as Language, reader.login, body.subject, body.text, link));
          sent += 1;
        } catch (error) {
          request.log.warn({ err: error, to: reader.login }, 'newsletter not delivered');
        }
      }
      return { readers: readers.length, sent };
    });

    admin.get('/api/admin/clock', async () => ({ now: new Date(context.clock.now()).toISOString() }));
  });
}
