import { championRequestSchema, predictionParamsSchema, predictionRequestSchema } from '@scorecast/api-client';
import { teamsKnown } from '@scorecast/rules';
import type { FastifyInstance } from 'fastify';
import { currentYearOf } from '../clock.js';
import type { ServerContext } from '../context.js';
import { findGame, isTeamOfYear } from '../db/games.js';
import { saveChampionPick, savePrediction } from '../db/predictions.js';
import { badRequest, notFound } from '../httpError.js';
import { requireUser } from '../plugins/session.js';
import { parseInput } from '../validate.js';

/** Score predictions and the champion pick, saved only while the rules allow it. */
export function registerPredictionRoutes(app: FastifyInstance, context: ServerContext): void {
  const { db } = context;

  app.post('/api/prediction/champion', async (request) => {
    const user = await requireUser(context, request);
    const body = parseInput(championRequestSchema, request.body);
    const year = body.year ?? currentYearOf(context.clock);
    if (!(await isTeamOfYear(db, year, body.team))) throw badRequest('unknownTeam', 'team');
    if (!(await saveChampionPick(db, user.id, year, body.team, context.clock, context.dialect === 'postgres'))) throw badRequest('competitionStarted', 'team');
    return { team: body.team, year };
  });

  app.post('/api/prediction/:gameId', async (request) => {
    const user = await requireUser(context, request);
    const { gameId } = parseInput(predictionParamsSchema, request.params);
    const body = parseInput(predictionRequestSchema, request.body);
    // A knockout game whose teams are placeholders (W49, 1A) takes no prediction yet. The kept list
    // is enough for that; whether the game still takes predictions is checked by the write itself.
    const game = (await context.games.read()).byId.get(gameId);
    if (game && !teamsKnown(game)) throw badRequest('teamsNotKnown', 'gameId');
    if (!(await savePrediction(db, user.id, { gameId, ...body }, context.clock, context.dialect === 'postgres'))) {
      if (!(await findGame(db, gameId))) throw notFound('unknownGame');
      throw badRequest('predictionClosed', 'gameId');
    }
    return body;
  });
}
