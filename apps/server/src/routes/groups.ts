import { acceptInvitationRequestSchema, groupCheckRequestSchema, groupIdSchema, renamePlayerRequestSchema, saveGroupRequestSchema, type Group } from '@scorecast/api-client';
import {
  changedLockedFields,
  DEFAULT_MAX_PLAYERS,
  hasRoom,
  pointLocksOf,
  validateName,
  validatePointConfiguration,
  type PointConfiguration,
} from '@scorecast/rules';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { recordRuleChange } from '../changes/ruleChanges.js';
import type { ServerContext } from '../context.js';
import {
  addPlayerIfRoom,
  createGroup,
  deleteGroup,
  findGroup,
  groupsOfUser,
  isGroupNameTaken,
  isPlayerNameTaken,
  isPlayerOf,
  playersOf,
  removePlayer,
  renamePlayer,
  updateGroup,
} from '../db/groups.js';
import { listGames } from '../db/games.js';
import { holdUser, updateUser } from '../db/users.js';
import { currentYearOf, isTournamentOver } from '../clock.js';
import { badRequest, forbidden, HttpError, notFound, tournamentOver } from '../httpError.js';
import { optionalUser, originOf, requireUser } from '../plugins/session.js';
import { jsonAnswer, sendAnswer } from '../reads/contentCoding.js';
import { groupFor, groupsFor } from '../scoring/groups.js';
import { parseInput } from '../validate.js';

/** Far more of a player's changes to one group a minute (renames, edits, joins, leaves) than anyone makes by hand. */
const GROUP_WRITES_PER_WINDOW = 10;
const GROUP_WRITE_WINDOW_MS = 60_000;
/** Past this many counted players and groups, those quiet for a minute are forgotten. */
const MAX_COUNTED = 10_000;

const groupParamsSchema = z.object({ id: groupIdSchema });
const invitationParamsSchema = z.object({ invitation: groupIdSchema });

function checkPoints(config: PointConfiguration, year: number): void {
  const field = validatePointConfiguration(config, year);
  if (field) throw badRequest('invalidPoints', `pointConfiguration.${field}`);
}

/**
 * The group as the answer to a committed write shows it, or nothing when reading it back fails: the
 * write is done, and a 503 had the player try again into 'name taken'. The app reads the groups then.
 */
async function groupAfterWrite(context: ServerContext, groupId: string, login: string): Promise<{ group?: Group }> {
  try {
    const group = await groupFor(context.db, groupId, login);
    return group ? { group } : {};
  } catch (error) {
    context.log.warn({ reason: (error as Error).message }, 'a group written could not be read back for its answer');
    return {};
  }
}

/** Groups: create, check, edit, delete, leave, invitations and player names (spec sections 6 and 7). */
export function registerGroupRoutes(app: FastifyInstance, context: ServerContext): void {
  // Each change a player makes to a group goes to every member's live channel: one changing it
  // without end would flood them. Counted per player and group in this process, by the real clock
  // (a replay's fast one would end the count early), and only changes asked for right (bad input is a 400).
  const writesOf = new Map<string, number[]>();
  const takeGroupWrite = (userId: number, groupId: string) => {
    const now = performance.now();
    const key = `${userId} ${groupId}`;
    const recent = (writesOf.get(key) ?? []).filter((at) => now - at < GROUP_WRITE_WINDOW_MS);
    if (recent.length >= GROUP_WRITES_PER_WINDOW) throw new HttpError(429, 'tooManyRequests', undefined, Math.ceil((recent[0]! + GROUP_WRITE_WINDOW_MS - now) / 1000));
    if (writesOf.size >= MAX_COUNTED) for (const [counted, times] of writesOf) if (now - times.at(-1)! >= GROUP_WRITE_WINDOW_MS) writesOf.delete(counted);
    writesOf.set(key, [...recent, now]);
  };
  const { db, events } = context;
  const currentYear = () => currentYearOf(context.clock);
  const isOver = (group: { year: number }) => isTournamentOver(group, context.clock);
  // Told to the group's members but the connection the request came from.
  const changed = (request: FastifyRequest, groupId: string, action?: 'DELETE') => {
    events.emit('groupChanged', { groupId, ...(action ? { action } : {}), ...originOf(request) });
  };

  app.get('/api/groups', async (request, reply) => {
    const user = await requireUser(context, request);
    const kept = context.groupAnswers?.get(user.id);
    if (kept) return sendAnswer(request, reply, kept);
    const mark = context.groupAnswers?.mark();
    const groups = await groupsOfUser(db, user.id);
    // Every prediction of every started game with its points: hundreds of KB, a twentieth compressed.
    const answer = jsonAnswer(JSON.stringify(await groupsFor(db, groups.map((group) => group.id), user.login)));
    if (mark !== undefined) context.groupAnswers?.set(user.id, answer, mark);
    return sendAnswer(request, reply, answer);
  });

  app.post('/api/groups/check', async (request) => {
    const user = await requireUser(context, request);
    const body = parseInput(groupCheckRequestSchema, request.body);
    const group = body.groupId ? await findGroup(db, body.groupId) : undefined;
    if (body.groupId && !group) throw notFound('unknownGroup');
    const result: { isValid: boolean; groupNameError?: string; playerNameError?: string } = { isValid: true };
    if (body.groupName !== undefined) {
      const name = body.groupName.trim();
      const error = validateName(name) ?? ((await isGroupNameTaken(db, user.id, group?.year ?? currentYear(), name, group?.id)) ? 'groupNameTaken' : undefined);
      if (error) result.groupNameError = error;
    }
    if (body.playerName !== undefined) {
      const name = body.playerName.trim();
      const error = validateName(name) ?? (group && (await isPlayerNameTaken(db, group.id, name, user.id)) ? 'playerNameTaken' : undefined);
      if (error) result.playerNameError = error;
    }
    result.isValid = !result.groupNameError && !result.playerNameError;
    return result;
  });

  app.post('/api/groups', async (request) => {
    const user = await requireUser(context, request);
    const body = parseInput(saveGroupRequestSchema, request.body);
    if (!body.id) {
      if (!body.playerName) throw badRequest('required', 'playerName');
      // Groups are made for the current year only (spec: its groups alone offer actions).
      if (body.competitionYear !== undefined && body.competitionYear !== currentYear()) throw badRequest('notCurrentYear', 'competitionYear');
      const year = currentYear();
      checkPoints(body.pointConfiguration, year);
      const created = await createGroup(db, {
        name: body.name,
        creatorId: user.id,
        year,
        maxPlayers: DEFAULT_MAX_PLAYERS,
        pointConfiguration: body.pointConfiguration,
        playerName: body.playerName,
        now: context.clock.now(),
        lockRows: context.dialect === 'postgres',
      });
      if (created === 'groupNameTaken') throw badRequest('groupNameTaken', 'name');
      if (created === 'tooManyGroups') throw new HttpError(409, 'tooManyGroups');
      changed(request, created.id);
      return { id: created.id, ...(await groupAfterWrite(context, created.id, user.login)) };
    }
    const group = await findGroup(db, body.id);
    if (!group) throw notFound('unknownGroup');
    if (group.creator_id !== user.id) throw forbidden('notCreator');
    if (isOver(group)) throw tournamentOver('id');
    // A group stays in its tournament's year.
    if (body.competitionYear !== undefined && body.competitionYear !== group.year) throw badRequest('notGroupYear', 'competitionYear');
    checkPoints(body.pointConfiguration, group.year);
    const locked = changedLockedFields(group.pointConfiguration, body.pointConfiguration, pointLocksOf(await listGames(db, group.year)));
    if (locked.length > 0) throw badRequest('locked', `pointConfiguration.${locked[0]}`);
    takeGroupWrite(user.id, group.id);
    // One write: a name taken meanwhile (checked with the creator's row held) refuses the whole edit.
    await db.transaction().execute(async (trx) => {
      await holdUser(trx, user.id, context.dialect === 'postgres');
      if (await isGroupNameTaken(trx, user.id, group.year, body.name, group.id)) throw badRequest('groupNameTaken', 'name');
      // The edit form sends the creator's own player name along.
      if (body.playerName && (await isPlayerNameTaken(trx, group.id, body.playerName, user.id))) throw badRequest('playerNameTaken', 'playerName');
      if (body.playerName && (await renamePlayer(trx, group.id, user.id, body.playerName)) === 'nameTaken') throw badRequest('playerNameTaken', 'playerName');
      await recordRuleChange(trx, group, body.pointConfiguration, context.clock.now());
      await updateGroup(trx, group.id, { name: body.name, pointConfiguration: body.pointConfiguration });
    });
    changed(request, group.id);
    return { id: group.id, ...(await groupAfterWrite(context, group.id, user.login)) };
  });

  app.delete('/api/groups/:id', async (request) => {
    const user = await requireUser(context, request);
    const { id } = parseInput(groupParamsSchema, request.params);
    const group = await findGroup(db, id);
    if (!group) throw notFound('unknownGroup');
    if (group.creator_id !== user.id) throw forbidden('notCreator');
    // A delete of the same group at the same moment may have come first.
    if (!(await deleteGroup(db, id))) throw notFound('unknownGroup');
    changed(request, id, 'DELETE');
    return {};
  });

  app.post('/api/groups/:id/leave', async (request) => {
    const user = await requireUser(context, request);
    const { id } = parseInput(groupParamsSchema, request.params);
    const group = await findGroup(db, id);
    if (!group) throw notFound('unknownGroup');
    if (group.creator_id === user.id) throw forbidden('creatorCannotLeave');
    takeGroupWrite(user.id, id);
    if (!(await removePlayer(db, id, user.id))) throw forbidden('notAPlayer');
    changed(request, id);
    return {};
  });

  // Announced by anonymous visitors too (the link opens the login page); only a logged-in user's is remembered.
  app.post('/api/groups/invitation/:invitation', async (request) => {
    const user = await optionalUser(context, request);
    const { invitation } = parseInput(invitationParamsSchema, request.params);
    const group = await findGroup(db, invitation);
    if (!group) {
      // A broken link drops the invitation kept from an older one, whose popup came back instead.
      if (user?.invitation_group_id) await updateUser(db, user.id, { invitation_group_id: null });
      throw notFound('unknownGroup');
    }
    // A member opening the group's link has nothing to accept: none is kept.
    if (user) await updateUser(db, user.id, { invitation_group_id: (await isPlayerOf(db, group.id, user.id)) ? null : invitation });
    // The login screen names whose group the link leads to; the id itself is the secret.
    const players = await playersOf(db, group.id);
    const invitor = players.find((player) => player.user_id === group.creator_id);
    // Said before a newcomer registers for a group that cannot take them.
    if (isOver(group)) return { groupName: group.name, invitorName: invitor?.name ?? '', isOver: true };
    return { groupName: group.name, invitorName: invitor?.name ?? '', ...(hasRoom(players.length, group.max_players) ? {} : { isFull: true }) };
  });

  app.delete('/api/groups/invitation/:invitation', async (request) => {
    const user = await requireUser(context, request);
    const { invitation } = parseInput(invitationParamsSchema, request.params);
    if (user.invitation_group_id === invitation) await updateUser(db, user.id, { invitation_group_id: null });
    return {};
  });

  app.post('/api/groups/accept-invitation', async (request, reply) => {
    const user = await requireUser(context, request);
    const body = parseInput(acceptInvitationRequestSchema, request.body);
    const group = await findGroup(db, body.groupId);
    if (!group) throw notFound('unknownGroup');
    if (!(await isPlayerOf(db, group.id, user.id))) {
      if (isOver(group)) throw tournamentOver('groupId');
      if (await isPlayerNameTaken(db, group.id, body.playerName)) throw badRequest('playerNameTaken', 'playerName');
      takeGroupWrite(user.id, group.id);
      const joined = await addPlayerIfRoom(db, { groupId: group.id, userId: user.id, name: body.playerName, now: context.clock.now(), lockRows: context.dialect === 'postgres' });
      if (joined === 'nameTaken') throw badRequest('playerNameTaken', 'playerName');
      if (joined === 'unknownGroup') throw notFound('unknownGroup');
      if (joined === 'full' || joined === 'tooManyGroups') {
        // An invitation that cannot be taken is answered: it does not come back on the next load.
        if (user.invitation_group_id === group.id) await updateUser(db, user.id, { invitation_group_id: null });
        return joined === 'full' ? reply.code(402).send({ error: 'groupFull' }) : reply.code(409).send({ error: 'tooManyGroups' });
      }
      changed(request, group.id);
    }
    if (user.invitation_group_id === group.id) await updateUser(db, user.id, { invitation_group_id: null });
    return groupFor(db, group.id, user.login);
  });

  app.post('/api/players/rename', async (request) => {
    const user = await requireUser(context, request);
    const body = parseInput(renamePlayerRequestSchema, request.body);
    // Membership first: the names in a group are nobody else's business.
    const group = await findGroup(db, body.groupId);
    if (!group || !(await isPlayerOf(db, group.id, user.id))) throw forbidden('notAPlayer');
    if (isOver(group)) throw tournamentOver('groupId');
    if (await isPlayerNameTaken(db, body.groupId, body.name, user.id)) throw badRequest('playerNameTaken', 'name');
    takeGroupWrite(user.id, body.groupId);
    const renamed = await renamePlayer(db, body.groupId, user.id, body.name);
    if (renamed === 'nameTaken') throw badRequest('playerNameTaken', 'name');
    if (renamed === 'notAPlayer') throw forbidden('notAPlayer');
    changed(request, body.groupId);
    return {};
  });
}
