import { defaultPointConfiguration, MAX_GROUPS_PER_PLAYER } from '@scorecast/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPlayerIfRoom } from '../src/db/groups.js';
import { DATABASES } from './support/databases.js';
import { Browser, signUp, startTestServer, type TestServer } from './support/server.js';

// One account made groups in a loop: nothing stopped it filling the database.
describe.each(DATABASES)('group writes on %s', (kind) => {
  let server: TestServer;
  const points = defaultPointConfiguration(2024);
  const create = (player: Browser, name: string) => player.request('POST', '/api/groups', { name, pointConfiguration: points, playerName: 'Me' });
  const groupCount = async (player: Browser) => (await player.json<unknown[]>('GET', '/api/groups')).length;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => server?.close());

  it('lets a player create or join groups of a tournament up to the limit, then refuses both and writes nothing', async () => {
    const ann = await signUp(server, `ann-${kind}@example.com`);
    const bob = await signUp(server, `bob-${kind}@example.com`);
    for (let index = 1; index < MAX_GROUPS_PER_PLAYER; index++) expect((await create(ann, `Group ${index}`)).statusCode).toBe(200);
    const bobs = (await create(bob, 'Bob one')).json<{ id: string }>();
    const bobsOther = (await create(bob, 'Bob two')).json<{ id: string }>();
    expect((await ann.request('POST', '/api/groups/accept-invitation', { groupId: bobs.id, playerName: 'Ann' })).statusCode).toBe(200);
    expect(await groupCount(ann)).toBe(MAX_GROUPS_PER_PLAYER);

    const refused = await create(ann, 'One more');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'tooManyGroups' });
    const join = await ann.request('POST', '/api/groups/accept-invitation', { groupId: bobsOther.id, playerName: 'Ann' });
    expect(join.statusCode).toBe(409);
    expect(join.json()).toEqual({ error: 'tooManyGroups' });
    expect(await groupCount(ann)).toBe(MAX_GROUPS_PER_PLAYER);
    expect((await bob.json<{ id: string; players: unknown[] }[]>('GET', '/api/groups')).find((group) => group.id === bobsOther.id)?.players).toHaveLength(1);

    // Leaving one makes room again.
    expect((await ann.request('POST', `/api/groups/${bobs.id}/leave`, {})).statusCode).toBe(200);
    expect((await create(ann, 'One more')).statusCode).toBe(200);
  });

  it('counts inside the write: creations fired at once near the limit end exactly at it', async () => {
    const cleo = await signUp(server, `cleo-${kind}@example.com`);
    for (let index = 1; index <= MAX_GROUPS_PER_PLAYER - 3; index++) expect((await create(cleo, `Group ${index}`)).statusCode).toBe(200);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, index) => create(cleo, `Rush ${index}`)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(5);
    expect(await groupCount(cleo)).toBe(MAX_GROUPS_PER_PLAYER);
  });

  // Found by a fresh attacker on two processes: two deletes of one group at once both answered 200
  // (and both told the group's players it was gone).
  it('deletes a group once when its creator sends the delete twice at once: the other answer is 404', async () => {
    const emil = await signUp(server, `emil-${kind}@example.com`);
    const { id } = (await create(emil, 'Gone twice')).json<{ id: string }>();
    const answers = await Promise.all([emil.request('DELETE', `/api/groups/${id}`), emil.request('DELETE', `/api/groups/${id}`)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 404]);
    expect(answers.find((answer) => answer.statusCode === 404)!.json()).toEqual({ error: 'unknownGroup' });
    expect(await groupCount(emil)).toBe(0);
  });

  // Found by a fresh attacker on PostgreSQL: ten groups of one name for one creator, three renames to one name.
  it('makes one group of a name when a creator sends it ten times at once, and lets one of four renames to a name through', async () => {
    const dora = await signUp(server, `dora-${kind}@example.com`);
    const created = await Promise.all(Array.from({ length: 10 }, () => create(dora, 'Twin')));
    expect(created.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(created.filter((answer) => answer.statusCode === 400).map((answer) => answer.json())).toEqual(Array.from({ length: 9 }, () => ({ error: 'groupNameTaken', field: 'name' })));

    const ids: string[] = [];
    for (let index = 0; index < 4; index++) ids.push((await create(dora, `Other ${index}`)).json<{ id: string }>().id);
    const renamed = await Promise.all(ids.map((id) => dora.request('POST', '/api/groups', { id, name: 'Same', pointConfiguration: points })));
    expect(renamed.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    const names = (await dora.json<{ name: string }[]>('GET', '/api/groups')).map((group) => group.name);
    expect(names.filter((name) => name === 'Same')).toHaveLength(1);
  });

  it('says a group deleted while a player joins it is unknown, not full', async () => {
    const eve = await signUp(server, `eve-${kind}@example.com`);
    const { id } = (await create(eve, 'Short-lived')).json<{ id: string }>();
    expect((await eve.request('DELETE', `/api/groups/${id}`)).statusCode).toBe(200);
    const user = await server.context.db.selectFrom('users').select('id').where('login', '=', `eve-${kind}@example.com`).executeTakeFirstOrThrow();
    expect(await addPlayerIfRoom(server.context.db, { groupId: id, userId: user.id, name: 'Eve', now: 0, lockRows: kind === 'postgres' })).toBe('unknownGroup');
  });

  // Found by a fresh attacker: on SQLite, Äsa and äsa (or Σοφία and σοφία) could share a group,
  // which PostgreSQL refuses, so the data could not be moved there.
  it('takes a name with other case in any script for the same name, on every database', async () => {
    const fred = await signUp(server, `fred-${kind}@example.com`);
    const gina = await signUp(server, `gina-${kind}@example.com`);
    const { id } = (await fred.request('POST', '/api/groups', { name: 'Äsa Club', pointConfiguration: points, playerName: 'Äsa' })).json<{ id: string }>();
    for (const name of ['äsa', 'ÄSA']) {
      expect((await gina.request('POST', '/api/groups/accept-invitation', { groupId: id, playerName: name })).json(), name).toEqual({ error: 'playerNameTaken', field: 'playerName' });
      expect(await gina.json('POST', '/api/groups/check', { groupId: id, playerName: name }), name).toEqual({ isValid: false, playerNameError: 'playerNameTaken' });
    }
    expect((await gina.request('POST', '/api/groups/accept-invitation', { groupId: id, playerName: 'Σοφία' })).statusCode).toBe(200);
    const hugo = await signUp(server, `hugo-${kind}@example.com`);
    expect((await hugo.request('POST', '/api/groups/accept-invitation', { groupId: id, playerName: 'ΣΟΦΊΑ' })).json()).toEqual({ error: 'playerNameTaken', field: 'playerName' });
    expect((await fred.request('POST', '/api/groups', { name: 'äsa club', pointConfiguration: points, playerName: 'Fred' })).json()).toEqual({ error: 'groupNameTaken', field: 'name' });
  });

  // Found by a fresh attacker: a Cyrillic А or с in "Alice" joined a group as a second and a third
  // Alice, each accepted as a name of its own.
  it('refuses a name whose words mix look-alike alphabets, naming the field', async () => {
    const iris = await signUp(server, `iris-${kind}@example.com`);
    const jack = await signUp(server, `jack-${kind}@example.com`);
    const { id } = (await iris.request('POST', '/api/groups', { name: 'Alice Club', pointConfiguration: points, playerName: 'Alice' })).json<{ id: string }>();
    for (const name of ['\u0410lice', 'Ali\u0441e']) {
      expect((await jack.request('POST', '/api/groups/accept-invitation', { groupId: id, playerName: name })).json(), name).toEqual({ error: 'mixedScripts', field: 'playerName' });
      expect(await jack.json('POST', '/api/groups/check', { groupId: id, playerName: name }), name).toEqual({ isValid: false, playerNameError: 'mixedScripts' });
    }
    expect((await iris.request('POST', '/api/groups', { name: 'Bl\u0430ck', pointConfiguration: points, playerName: 'Iris' })).json()).toEqual({ error: 'mixedScripts', field: 'name' });
    const players = (await iris.json<{ id: string; players: unknown[] }[]>('GET', '/api/groups')).find((group) => group.id === id)!.players;
    expect(players).toHaveLength(1);
  });

  // A fresh player opened an invitation to a full group while logged in: the popup asked for a name
  // and said the group was full only after Accept.
  it("tells a logged-in player's kept invitation whether the group has a seat left", async () => {
    const kim = await signUp(server, `kim-${kind}@example.com`);
    const leo = await signUp(server, `leo-${kind}@example.com`);
    const { id } = (await create(kim, 'Packed')).json<{ id: string }>();
    await leo.json('POST', `/api/groups/invitation/${id}`);
    expect((await leo.json<{ invitation: unknown }>('GET', '/api/settings')).invitation).toEqual({ groupId: id, groupName: 'Packed', invitorName: 'Me' });
    await server.context.db.updateTable('groups').set({ max_players: 1 }).where('id', '=', id).execute();
    expect((await leo.json<{ invitation: unknown }>('GET', '/api/settings')).invitation).toEqual({ groupId: id, groupName: 'Packed', invitorName: 'Me', isFull: true });
  });

  // Found by a fresh fan: a member who opened his own group's link got its popup, which came back
  // later on a broken link, and whose Accept did nothing a player could see.
  it("keeps no invitation to a group the player is in, and a broken link drops a kept one", async () => {
    const max = await signUp(server, `max-${kind}@example.com`);
    const jo = await signUp(server, `jo-${kind}@example.com`);
    const { id: own } = (await create(max, 'Stammtisch')).json<{ id: string }>();
    const { id: other } = (await create(max, 'Kegelclub')).json<{ id: string }>();
    await jo.json('POST', '/api/groups/accept-invitation', { groupId: own, playerName: 'Jo' });
    await jo.json('POST', `/api/groups/invitation/${own}`);
    expect((await jo.json<{ invitation?: unknown }>('GET', '/api/settings')).invitation).toBeUndefined();
    await jo.json('POST', `/api/groups/invitation/${other}`);
    expect((await jo.json<{ invitation?: { groupId: string } }>('GET', '/api/settings')).invitation?.groupId).toBe(other);
    expect((await jo.request('POST', '/api/groups/invitation/doesnotexist1234567')).statusCode).toBe(404);
    expect((await jo.json<{ invitation?: unknown }>('GET', '/api/settings')).invitation).toBeUndefined();
  });

  it('tells an invitation link whether the group has a seat left', async () => {
    const ivan = await signUp(server, `ivan-${kind}@example.com`);
    const { id } = (await create(ivan, 'Tiny')).json<{ id: string }>();
    const anonymous = new Browser(server.app);
    expect(await anonymous.json('POST', `/api/groups/invitation/${id}`)).toEqual({ groupName: 'Tiny', invitorName: 'Me' });
    await server.context.db.updateTable('groups').set({ max_players: 1 }).where('id', '=', id).execute();
    expect(await anonymous.json('POST', `/api/groups/invitation/${id}`)).toEqual({ groupName: 'Tiny', invitorName: 'Me', isFull: true });
  });

  // Found by a fresh attacker on PostgreSQL: an account deleted while its group was edited and
  // deleted deadlocked about every other time: 500s, and sometimes the account stayed.
  it('deletes an account while its group is edited and deleted at once, without a 500, and the account is gone', async () => {
    for (let round = 0; round < 12; round++) {
      const login = `kai-${round}-${kind}@example.com`;
      const kai = await signUp(server, login);
      const { id } = (await create(kai, `Kai ${round}`)).json<{ id: string }>();
      const answers = await Promise.all([
        kai.request('DELETE', '/api/players'),
        kai.request('POST', '/api/groups', { id, name: `Kai ${round} renamed`, playerName: 'Kai', pointConfiguration: points }),
        round % 2 === 0 ? kai.request('DELETE', `/api/groups/${id}`) : kai.request('POST', '/api/players/rename', { groupId: id, name: 'Kay' }),
      ]);
      expect(answers.map((answer) => answer.statusCode).filter((status) => status >= 500), `round ${round}`).toEqual([]);
      expect(answers[0]!.statusCode, `round ${round}`).toBe(200);
      expect(await server.context.db.selectFrom('users').select('id').where('login', '=', login).executeTakeFirst()).toBeUndefined();
    }
  });
});
