import { mailReminderRequestSchema } from '@scorecast/api-client';
import type { Language } from '@scorecast/rules';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServerContext } from '../context.js';
import { findUserByLogin, publicUserOf, updateUser } from '../db/users.js';
import { badRequest } from '../httpError.js';
import { requireUser } from '../plugins/session.js';
import { parseInput } from '../validate.js';
import { reminderOffPage } from './messages.js';
import { isOffLinkKey, offLinkSecret } from './offLink.js';

const offQuerySchema = z.object({ login: z.string().min(1).max(254), key: z.string().min(1).max(128) });

/** The reminder mails' switch in the settings, and the mail's one-click off link. */
export function registerReminderRoutes(app: FastifyInstance, context: ServerContext): void {
  app.post('/api/notification/mail', async (request) => {
    const user = await requireUser(context, request);
    const { notifyByMail } = parseInput(mailReminderRequestSchema, request.body);
    const values = { mail_reminders: notifyByMail ? 1 : 0 };
    await updateUser(context.db, user.id, values);
    return publicUserOf(context.db, { ...user, ...values });
  });

  // A GET, so that one click in a mail program does it; the key is bound to the login.
  app.get('/api/reminders/off', async (request, reply) => {
    const { login, key } = parseInput(offQuerySchema, request.query);
    const user = await findUserByLogin(context.db, login);
    if (!user || !isOffLinkKey(await offLinkSecret(context.db), login, key)) throw badRequest('invalidLink', 'key');
    await updateUser(context.db, user.id, { mail_reminders: 0 });
    return reply.type('text/html; charset=utf-8').send(reminderOffPage(context.texts, user.language as Language, `${context.publicUrl.replace(/\/$/, '')}/settings`));
  });
}
