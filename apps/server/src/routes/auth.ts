import {
  activateRequestSchema,
  changePasswordRequestSchema,
  loginRequestSchema,
  registerRequestSchema,
  resetEmailRequestSchema,
  sendActivationMailRequestSchema,
  unsubscribeRequestSchema,
} from '@scorecast/api-client';
import { validatePassword, type Language } from '@scorecast/rules';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { addressKeyOf } from '../clientAddress.js';
import type { ServerContext } from '../context.js';
import { isRemovedMeanwhile } from '../db/database.js';
import { findGroup, groupIdsOfUser } from '../db/groups.js';
import {
  claimLinkMail,
  consumeLinkToken,
  liftLinkMailCooldown,
  voidLoginLinks,
  createLinkToken,
  createSession,
  endOtherSessions,
  endSession,
  hashToken,
  isLinkFor,
  keepUsedActivationLink,
  peekLinkToken,
  releaseLinkMail,
  type LinkPurpose,
} from '../db/tokens.js';
import { activateUser, contestRegistration, createUser, deleteUser, findUserByLogin, NO_PASSWORD, publicUserOf, updateUser, withdrawRegistration, type StoredUser } from '../db/users.js';
import { badRequest, mailUnavailable } from '../httpError.js';
import { linkMail, loginActionLink, type LinkMailKind } from '../mail/messages.js';
import { plainPasswordOf } from '../passwordCipher.js';
import { hashPassword, passwordMatches } from '../passwords.js';
import { bearerOf, requireUser } from '../plugins/session.js';
import { parseInput } from '../validate.js';

/** Answers that carry a session token are kept by no cache, shared or the browser's own. */
function noStore(reply: FastifyReply): void {
  reply.header('cache-control', 'no-store');
}

/** A hash that no password matches, so unknown logins cost as much time as known ones. */
let decoyHash: Promise<string> | undefined;

function checkStrength(password: string): void {
  const error = validatePassword(password);
  if (error) throw badRequest(error, 'password');
}

/** A mail server out of reach is the player's to try again later (503), never a 500; why it failed goes to the log. */
function mailFailed(context: ServerContext, error: unknown): never {
  context.log.error({ err: error }, 'link mail could not go');
  throw mailUnavailable();
}

/** `kind`: what the mail says, by default what its link does. */
async function sendLinkMail(context: ServerContext, user: StoredUser, purpose: Exclude<LinkPurpose, 'autologin'>, invitation?: string, kind: LinkMailKind = purpose): Promise<void> {
  const token = await createLinkToken(context.db, user.id, purpose, context.clock.now());
  const link = loginActionLink(context.publicUrl, purpose, user.login, token, invitation);
  // An older reset link stays until a password is set (which voids them all): anyone may ask for a
  // reset, and one a minute voiding the last would leave the owner a minute to open hers.
  await context.mailer.send(linkMail(context.texts, kind, user.language as Language, user.login, link)).catch((error: unknown) => mailFailed(context, error));
}

/**
 * A request that sends no mail (an unknown address, a mail within the cooldown) answers as one that
 * sends would: while mail cannot go, 503 too, so the reset form does not tell who has an account.
 */
async function answerAsIfMailed(context: ServerContext): Promise<void> {
  await context.mailer.check().catch((error: unknown) => mailFailed(context, error));
}

/**
 * An address not yet activated, registered again or asked a reset for, keeps no password (see
 * contestRegistration); not while no mail can go: refused with 503, the request changes nothing.
 * Undefined when the account is active or gone.
 */
async function contestOnceMailGoes(context: ServerContext, login: string): Promise<StoredUser | undefined> {
  await answerAsIfMailed(context);
  return contestRegistration(context.db, login);
}

/**
 * A link mail that anyone may ask for: within the cooldown of the last one it is not sent again, and
 * the answer stays the same. A mail that could not go gives its claim back, so the next request sends.
 */
async function sendRequestedLinkMail(context: ServerContext, user: StoredUser, purpose: Exclude<LinkPurpose, 'autologin'>, invitation?: string): Promise<void> {
  const claimedAt = context.clock.now();
  if (!(await claimLinkMail(context.db, user.id, claimedAt))) return answerAsIfMailed(context);
  try {
    await sendLinkMail(context, user, purpose, invitation);
  } catch (error) {
    await releaseLinkMail(context.db, user.id, claimedAt);
    throw error;
  }
}

/** Whose turn a request's password hashing takes (see passwords.ts): its client's. */
const turnOf = (request: FastifyRequest) => addressKeyOf(request.ip);

/** Whether the secret is the user's password, or one of their unexpired mail-link tokens. */
async function credentialOf(context: ServerContext, request: FastifyRequest, user: StoredUser | undefined, secret: string): Promise<'password' | LinkPurpose | undefined> {
  if (!user) {
    decoyHash ??= hashPassword('decoy password that nobody knows');
    await passwordMatches(await decoyHash, secret, turnOf(request));
    return undefined;
  }
  if (await passwordMatches(user.password_hash, secret, turnOf(request))) return 'password';
  return peekLinkToken(context.db, user.id, secret, context.clock.now());
}

/** Accounts: spec section 7's auth calls, plus the newsletter unsubscribe and account deletion. */
export function registerAuthRoutes(app: FastifyInstance, context: ServerContext): void {
  const limited = { config: { rateLimit: { max: context.authRateLimit, timeWindow: '1 minute' } } };

  app.post('/api/auth', limited, async (request, reply) => {
    noStore(reply);
    const body = parseInput(loginRequestSchema, request.body);
    const user = await findUserByLogin(context.db, body.login);
    const secret = await plainPasswordOf(body.password);
    const credential = await credentialOf(context, request, user, secret);
    if (!user) return { status: 'Failed' };
    if (user.activated !== 1) {
      // A reset link opened from the mailbox activates the account it was asked for before activation:
      // the password set next is the owner's.
      if (credential === 'reset-password') await activateUser(context.db, user.id);
      // An account with no password (registered twice) matches none: the answer its owner can act
      // on (send the activation mail again) rather than a wrong password.
      else return credential || user.password_hash === NO_PASSWORD ? { status: 'NotActivated' } : { status: 'Failed' };
    }
    if (!credential) return { status: 'Failed' };
    // An activation token logs nobody in: it activates. A reminder's link logs in once. A reset link
    // opens its form again (a second tab, the mail app first) until a password is set, which voids it;
    // a login with the password leaves it (one who took the password over would void the owner's way back).
    if (credential === 'activate-account') return { status: 'Failed' };
    if (credential === 'reset-password') await liftLinkMailCooldown(context.db, user.id);
    else if (credential !== 'password' && !(await consumeLinkToken(context.db, user.id, secret, context.clock.now()))) return { status: 'Failed' };
    // A credential check also answers a token: the password change uses it (spec section 7).
    const token = await createSession(context.db, user.id, context.clock.now());
    return { status: 'Successful', token, user: await publicUserOf(context.db, user) };
  });

  app.get('/api/auth', async (request, reply) => {
    noStore(reply);
    const user = await requireUser(context, request);
    return { user: await publicUserOf(context.db, user), token: bearerOf(request) };
  });

  // A GET (the spec's call) that acts: no HEAD beside it, which is to be safe (curl -I logged out).
  app.get('/api/auth/logout', { exposeHeadRoute: false }, async (request) => {
    const token = bearerOf(request);
    if (token) {
      await endSession(context.db, token);
      context.events.emit('sessionsEnded', { session: hashToken(token) });
    }
    return {};
  });

  app.post('/api/auth/register', limited, async (request) => {
    const body = parseInput(registerRequestSchema, request.body);
    const password = await plainPasswordOf(body.password);
    checkStrength(password);
    // An invitation to a group that is gone is no invitation: neither kept nor mailed on.
    const invitation = body.invitation && (await findGroup(context.db, body.invitation)) ? body.invitation : undefined;
    const registration = { login: body.login, passwordHash: await hashPassword(password, turnOf(request)), language: body.language, invitation };
    const user = await createUser(context.db, { ...registration, now: context.clock.now() });
    if (!user) {
      // Registered before but never activated: perhaps by someone else, perhaps by its owner who
      // forgot the password. Either way the account keeps no password, which its activation has the
      // owner set: a stranger's click-through never activates a password of his.
      const existing = await findUserByLogin(context.db, body.login);
      const contested = existing && existing.activated !== 1 ? await contestOnceMailGoes(context, body.login) : undefined;
      if (!contested) return { status: 'UserAlreadyExists' };
      await sendRequestedLinkMail(context, contested, 'activate-account', invitation).catch((error: unknown) => {
        // Taken back meanwhile, as a registration whose mail could not go is: so is this one's.
        if (error instanceof Error && isRemovedMeanwhile(error)) throw mailUnavailable();
        throw error;
      });
      return { status: 'Successful' };
    }
    try {
      await sendLinkMail(context, user, 'activate-account', invitation);
    } catch (error) {
      // Without its mail an account could never be activated: it is taken back, and the player registers again later.
      await withdrawRegistration(context.db, user.id);
      throw error;
    }
    return { status: 'Successful' };
  });

  app.post('/api/auth/activate', limited, async (request) => {
    const body = parseInput(activateRequestSchema, request.body);
    const user = await findUserByLogin(context.db, body.login);
    if (!user) return { status: 'Failed' };
    const now = context.clock.now();
    // An activation link opened again says so instead of calling itself invalid (issue 18); any
    // other token is an invalid link, as for an unknown address: a guess learns nobody's account.
    if (user.activated === 1) return (await isLinkFor(context.db, user.id, body.password, now, ['activate-account', 'activated'])) ? { status: 'UserAlreadyExists' } : { status: 'Failed' };
    if (!(await consumeLinkToken(context.db, user.id, body.password, now, ['activate-account']))) return { status: 'Failed' };
    const activated = await activateUser(context.db, user.id);
    await keepUsedActivationLink(context.db, user.id, body.password, now);
    if (activated?.password_hash !== NO_PASSWORD) return { status: 'Successful' };
    // An account registered more than once has no password: the owner, who just opened its link,
    // sets one with the link of this mail. One that cannot go is in the log (mailFailed), and the
    // reset form sends another.
    await sendLinkMail(context, activated, 'reset-password', undefined, 'set-password').catch(() => undefined);
    return { status: 'Successful', passwordToSet: true };
  });

  app.post('/api/auth/register/sendmail', limited, async (request) => {
    const body = parseInput(sendActivationMailRequestSchema, request.body);
    const user = await findUserByLogin(context.db, body.login);
    // Checked for an unknown address too (against the decoy): a quicker answer told who has no account.
    const credential = await credentialOf(context, request, user, await plainPasswordOf(body.password));
    if (!user || user.activated === 1) return { status: 'Failed' };
    // An account registered twice has no password to give: its mail goes to the address, as a reset's would.
    if (credential !== 'password' && user.password_hash !== NO_PASSWORD) return { status: 'Failed' };
    await sendRequestedLinkMail(context, user, 'activate-account', body.invitation);
    return { status: 'Successful' };
  });

  app.post('/api/auth/password/reset/email', limited, async (request) => {
    const body = parseInput(resetEmailRequestSchema, request.body);
    const user = await findUserByLogin(context.db, body.login);
    // The same answer for unknown logins: the reset form must not tell who has an account.
    // Before activation, whoever asks may not be who registered: the account then keeps no password (contestRegistration).
    // Its reset link, opened, activates the account (POST /api/auth).
    const contested = user && user.activated !== 1 ? await contestOnceMailGoes(context, user.login) : undefined;
    if (user) await sendRequestedLinkMail(context, contested ?? user, 'reset-password', body.invitation);
    else await answerAsIfMailed(context);
    return { status: 'Successful' };
  });

  app.post('/api/auth/password/change', limited, async (request) => {
    const user = await requireUser(context, request);
    const body = parseInput(changePasswordRequestSchema, request.body);
    const password = await plainPasswordOf(body.password);
    checkStrength(password);
    await updateUser(context.db, user.id, { password_hash: await hashPassword(password, turnOf(request)) });
    const kept = bearerOf(request);
    await endOtherSessions(context.db, user.id, kept);
    await voidLoginLinks(context.db, user.id);
    context.events.emit('sessionsEnded', { userId: user.id, ...(kept ? { keep: hashToken(kept) } : {}) });
    return { status: 'Successful' };
  });

  // Only with a newsletter link's token: the address alone would let anyone unsubscribe anyone. The
  // token stays until it expires: it can do nothing but this, and a link opened twice unsubscribes
  // twice rather than saying it failed.
  app.post('/api/newsletter/unsubscribe', limited, async (request) => {
    const body = parseInput(unsubscribeRequestSchema, request.body);
    const user = await findUserByLogin(context.db, body.email);
    // The same refusal for unknown addresses: the form must not tell who has an account.
    if (!user || !(await isLinkFor(context.db, user.id, body.token, context.clock.now(), ['unsubscribe']))) throw badRequest('linkInvalid', 'token');
    await updateUser(context.db, user.id, { newsletter: 0 });
    return {};
  });

  app.delete('/api/players', async (request) => {
    const user = await requireUser(context, request);
    const memberOf = await groupIdsOfUser(context.db, user.id);
    const deleted = await deleteUser(context.db, user.id, context.dialect === 'postgres');
    context.events.emit('sessionsEnded', { userId: user.id, accountDeleted: true });
    for (const groupId of memberOf) {
      context.events.emit('groupChanged', { groupId, ...(deleted.includes(groupId) ? { action: 'DELETE' as const } : {}) });
    }
    return {};
  });
}
