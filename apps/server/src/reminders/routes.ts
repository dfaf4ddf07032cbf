import { mailReminderRequestSchema } from '@scorecast/api-client';
import type { Language } from '@scorecast/rules';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServerContext } from '../context.js';
import { findUserByLogin, publicUserOf, updateUser } from '../db/users.js';
import { badRequest, HttpError } from '../httpError.js';
import { requireUser } from '../plugins/session.js';
import { readerLanguageOf } from '../texts.js';
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
  // No HEAD route: a link checker's HEAD must not switch them off.
  app.get('/api/reminders/off', { exposeHeadRoute: false }, async (request, reply) => {
    const settingsUrl = `${context.publicUrl.replace(/\/$/, '')}/settings`;
    try {
      const { login, key } = parseInput(offQuerySchema, request.query);
      const user = await findUserByLogin(context.db, login);
      if (!user || !isOffLinkKey(await offLinkSecret(context.db), login, key)) throw badRequest('invalidLink', 'key');
      await updateUser(context.db, user.id, { mail_reminders: 0 });
      return await reply.type('text/html; charset=utf-8').send(reminderOffPage(context.texts, user.language as Language, settingsUrl));
    } catch (error) {
      // Opened in a browser (an account deleted since the mail, a link cut short), a page says so
      // in the reader's language: the refusal's JSON was all a fan saw.
      if (!(error instanceof HttpError) || !request.headers.accept?.includes('text/html')) throw error;
      const language = readerLanguageOf(request.headers['accept-language']);
      return reply.code(error.statusCode).type('text/html; charset=utf-8').send(reminderOffPage(context.texts, language, settingsUrl, 'invalidLink'));
    }
  });
}
