import { groupIdSchema } from '@scorecast/api-client';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServerContext } from '../context.js';
import { findGame } from '../db/games.js';
import { findGroup, isPlayerOf } from '../db/groups.js';
import { forbidden, notFound } from '../httpError.js';
import { requireUser } from '../plugins/session.js';
import { parseInput } from '../validate.js';
import { gameLogOf } from './corrections.js';
import { predictionTimesOf, predictionTimesOfGame } from './predictionTimes.js';
import { ruleChangesOf } from './ruleChanges.js';

const groupParamsSchema = z.object({ id: groupIdSchema });
const gameParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** GET /api/groups/{id}/log: a member sees the group's rule changes and when revealed predictions were made. */
export function registerGroupLogRoute(app: FastifyInstance, context: ServerContext): void {
  app.get('/api/groups/:id/log', async (request) => {
    const user = await requireUser(context, request);
    const { id } = parseInput(groupParamsSchema, request.params);
    const group = await findGroup(context.db, id);
    if (!group) throw notFound('unknownGroup');
    if (!(await isPlayerOf(context.db, id, user.id))) throw forbidden('notMember');
    return { ruleChanges: await ruleChangesOf(context.db, id), predictionTimes: await predictionTimesOf(context.db, id, group.year) };
  });
}

/** GET /api/admin/games/{id}/log, inside the admin routes: every change of a game and of its predictions. */
export function registerGameLogRoute(admin: FastifyInstance, context: ServerContext): void {
  admin.get('/api/admin/games/:id/log', async (request) => {
    const { id } = parseInput(gameParamsSchema, request.params);
    const game = await findGame(context.db, id);
    if (!game) throw notFound('unknownGame');
    return { game, changes: await gameLogOf(context.db, id), predictions: await predictionTimesOfGame(context.db, id) };
  });
}
