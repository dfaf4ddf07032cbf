import { languageRequestSchema, notificationRequestSchema, themeRequestSchema } from '@scorecast/api-client';
import { hasRoom, isWomenCompetition, isWorldCup, type Language } from '@scorecast/rules';
import type { FastifyInstance } from 'fastify';
import { currentYearOf, isTournamentOver } from '../clock.js';
import type { ServerContext } from '../context.js';
import { findGroup, isPlayerOf, playersOf } from '../db/groups.js';
import { publicUserOf, updateUser, type StoredUser } from '../db/users.js';
import { paymentOptionsOf } from '../payments/options.js';
import { PAYPAL_SDK_URL, paymentsEnabled } from '../payments/config.js';
import { badRequest } from '../httpError.js';
import { optionalUser, requireUser } from '../plugins/session.js';
import { checkPushEndpoint } from '../push/endpoint.js';
import { gameListFor, isHeld } from '../reads/gameList.js';
import { parseInput } from '../validate.js';

export const PRODUCT_NAME = 'Scorecast';

const SWITCH_COLUMNS = {
  notify: 'notify',
  notifyOnMissingPrediction: 'notify_on_missing_prediction',
  notifyOnGameStart: 'notify_on_game_start',
  notifyOnGameFinished: 'notify_on_game_finished',
  notifyOnGameChange: 'notify_on_game_change',
} as const;

/** Settings, version, games, theme, language and notification switches. */
export function registerSettingsRoutes(app: FastifyInstance, context: ServerContext): void {
  const { db } = context;
  context.events.on('gameChanged', () => context.games.invalidate());

  async function settingsOf(user: StoredUser | undefined) {
    const year = currentYearOf(context.clock);
    const settings: Record<string, unknown> = {
      name: PRODUCT_NAME,
      year,
      currency: context.payments?.currency ?? 'EUR',
      isWomenCompetition: isWomenCompetition(year),
      isWorldCup: isWorldCup(year),
      // From 1 January a year is current before its fixtures are imported: the app says so.
      scheduleReleased: (await context.games.read()).years.has(year),
    };
    if (context.push) settings.webpush = { publicKey: context.push.publicKey };
    // An invitation to a group the player joined since (in another way) is none.
    const invited = user?.invitation_group_id && !(await isPlayerOf(db, user.invitation_group_id, user.id)) ? user.invitation_group_id : undefined;
    const invitation = invited ? await findGroup(db, invited) : undefined;
    if (invitation) {
      const players = await playersOf(db, invitation.id);
      const invitor = players.find((player) => player.user_id === invitation.creator_id);
      // Said with the invitation, as the link's page says it: no name is asked for a seat there is not.
      const over = isTournamentOver(invitation, context.clock);
      const full = !over && !hasRoom(players.length, invitation.max_players);
      settings.invitation = { groupId: invitation.id, groupName: invitation.name, invitorName: invitor?.name ?? '', ...(over ? { isOver: true } : full ? { isFull: true } : {}) };
    }
    const payments = context.payments;
    if (user && paymentsEnabled(payments)) {
      if (payments.paypal) settings.paypal = { clientId: payments.paypal.clientId, sdkUrl: payments.paypal.sdkUrl ?? PAYPAL_SDK_URL };
      if (payments.googlePlay) settings.googlePlay = true;
      settings.paymentOptions = await paymentOptionsOf(db, context.texts, user.id, user.language as Language, payments.currency, year);
    }
    return settings;
  }

  app.get('/api/version', async (request) => {
    const user = await optionalUser(context, request);
    return {
      ...(await settingsOf(user)),
      version: context.version,
      language: (user?.language ?? 'en') as Language,
      serverTime: new Date(context.clock.now()).toISOString(),
    };
  });

  app.get('/api/settings', async (request) => settingsOf(await requireUser(context, request)));

  // Every page open asks for the games: the text is made once per change of the games, and a
  // browser that holds it already (If-None-Match) gets an empty 304.
  app.get('/api/games', async (request, reply) => {
    await requireUser(context, request);
    const answer = gameListFor(await context.games.read(), request.headers['accept-encoding']);
    void reply.headers(answer.notModifiedHeaders);
    if (isHeld(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
    if (answer.encoding) void reply.header('content-encoding', answer.encoding);
    return reply.type('application/json; charset=utf-8').send(answer.bytes);
  });

  app.post('/api/players/theme', async (request) => {
    const user = await requireUser(context, request);
    const { theme } = parseInput(themeRequestSchema, request.body);
    await updateUser(db, user.id, { theme });
    return publicUserOf(db, { ...user, theme });
  });

  app.post('/api/players/language', async (request) => {
    const user = await requireUser(context, request);
    const { language } = parseInput(languageRequestSchema, request.body);
    await updateUser(db, user.id, { language });
    return publicUserOf(db, { ...user, language });
  });

  app.post('/api/notification', async (request) => {
    const user = await requireUser(context, request);
    const body = parseInput(notificationRequestSchema, request.body) as Record<string, unknown>;
    const values: Partial<StoredUser> = {};
    for (const [name, column] of Object.entries(SWITCH_COLUMNS)) {
      if (typeof body[name] === 'boolean') values[column] = body[name] ? 1 : 0;
    }
    if (body.subscription) {
      // Checked here and again at every send: the server must not be aimed at its own network.
      const refusal = await checkPushEndpoint((body.subscription as { endpoint: string }).endpoint, context.push?.endpoints ?? {});
      if (refusal) throw badRequest(refusal, 'subscription.endpoint');
    }
    if (body.subscription !== undefined) values.push_subscription = body.subscription === null ? null : JSON.stringify(body.subscription);
    if (body.language === 'en' || body.language === 'de') values.language = body.language;
    await updateUser(db, user.id, values);
    return publicUserOf(db, { ...user, ...values });
  });
}
