import { defaultPointConfiguration } from '@scorecast/rules';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from './support/databases.js';
import { signUp, startTestServer, type Browser, type TestServer } from './support/server.js';

const USERS = ['ann', 'bob', 'cat'] as const;
type UserName = (typeof USERS)[number];
const NAMES = ['Red', 'Blue', 'red', 'Green'];

/** What the server should hold: groups with their creator and players' names. */
type Model = { groups: { id: string; name: string; creator: UserName; players: Map<UserName, string> }[] };
type Real = { server: TestServer; browsers: Record<UserName, Browser> };
type Step = fc.AsyncCommand<Model, Real>;

const taken = (names: Iterable<string>, name: string) => [...names].some((other) => other.toLowerCase() === name.toLowerCase());
const pick = (model: Model, index: number) => model.groups[index % Math.max(model.groups.length, 1)];

class Create implements Step {
  constructor(readonly user: UserName, readonly name: string) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const own = model.groups.filter((group) => group.players.has(this.user)).map((group) => group.name);
    const answer = await real.browsers[this.user].request('POST', '/api/groups', { name: this.name, pointConfiguration: defaultPointConfiguration(2024), playerName: this.user });
    if (taken(own, this.name)) return expect(answer.json()).toEqual({ error: 'groupNameTaken', field: 'name' });
    expect(answer.statusCode).toBe(200);
    model.groups.push({ id: answer.json().id, name: this.name, creator: this.user, players: new Map([[this.user, this.user]]) });
  }
  toString = () => `create(${this.user}, ${this.name})`;
}

class Join implements Step {
  constructor(readonly user: UserName, readonly index: number, readonly name: string) {}
  check = (model: Readonly<Model>) => model.groups.length > 0;
  async run(model: Model, real: Real) {
    const group = pick(model, this.index)!;
    const answer = await real.browsers[this.user].request('POST', '/api/groups/accept-invitation', { groupId: group.id, playerName: this.name });
    if (group.players.has(this.user)) return expect(answer.statusCode).toBe(200);
    if (taken(group.players.values(), this.name)) return expect(answer.json()).toEqual({ error: 'playerNameTaken', field: 'playerName' });
    expect(answer.statusCode).toBe(200);
    group.players.set(this.user, this.name);
  }
  toString = () => `join(${this.user}, #${this.index}, ${this.name})`;
}

class Leave implements Step {
  constructor(readonly user: UserName, readonly index: number) {}
  check = (model: Readonly<Model>) => model.groups.length > 0;
  async run(model: Model, real: Real) {
    const group = pick(model, this.index)!;
    const answer = await real.browsers[this.user].request('POST', `/api/groups/${group.id}/leave`);
    if (group.creator === this.user || !group.players.has(this.user)) return expect(answer.statusCode).toBe(403);
    expect(answer.statusCode).toBe(200);
    group.players.delete(this.user);
  }
  toString = () => `leave(${this.user}, #${this.index})`;
}

class Remove implements Step {
  constructor(readonly user: UserName, readonly index: number) {}
  check = (model: Readonly<Model>) => model.groups.length > 0;
  async run(model: Model, real: Real) {
    const group = pick(model, this.index)!;
    const answer = await real.browsers[this.user].request('DELETE', `/api/groups/${group.id}`);
    if (group.creator !== this.user) return expect(answer.statusCode).toBe(403);
    expect(answer.statusCode).toBe(200);
    model.groups.splice(model.groups.indexOf(group), 1);
  }
  toString = () => `delete(${this.user}, #${this.index})`;
}

class Rename implements Step {
  constructor(readonly user: UserName, readonly index: number, readonly name: string) {}
  check = (model: Readonly<Model>) => model.groups.length > 0;
  async run(model: Model, real: Real) {
    const group = pick(model, this.index)!;
    const answer = await real.browsers[this.user].request('POST', '/api/players/rename', { groupId: group.id, name: this.name });
    const others = [...group.players].filter(([user]) => user !== this.user).map(([, name]) => name);
    if (!group.players.has(this.user)) return expect(answer.statusCode).toBe(403);
    if (taken(others, this.name)) return expect(answer.json()).toEqual({ error: 'playerNameTaken', field: 'name' });
    expect(answer.statusCode).toBe(200);
    group.players.set(this.user, this.name);
  }
  toString = () => `rename(${this.user}, #${this.index}, ${this.name})`;
}

const user = fc.constantFrom(...USERS);
const name = fc.constantFrom(...NAMES);
const index = fc.nat(5);
const commands = fc.commands(
  [
    fc.tuple(user, name).map(([who, what]) => new Create(who, what)),
    fc.tuple(user, index, name).map(([who, which, what]) => new Join(who, which, what)),
    fc.tuple(user, index).map(([who, which]) => new Leave(who, which)),
    fc.tuple(user, index).map(([who, which]) => new Remove(who, which)),
    fc.tuple(user, index, name).map(([who, which, what]) => new Rename(who, which, what)),
  ],
  { maxCommands: 15 },
);

describe.each(DATABASES)('groups against a model on %s', (kind) => {
  let real: Real;
  beforeAll(async () => {
    const server = await startTestServer(kind);
    const browsers = {} as Record<UserName, Browser>;
    for (const who of USERS) browsers[who] = await signUp(server, `${who}@example.com`);
    real = { server, browsers };
  });
  afterAll(async () => real?.server.close());

  it('keeps every user’s group list equal to the model through any sequence of calls', async () => {
    await fc.assert(
      fc.asyncProperty(commands, async (steps) => {
        await real.server.database.db.deleteFrom('players').execute();
        await real.server.database.db.deleteFrom('groups').execute();
        const model: Model = { groups: [] };
        await fc.asyncModelRun(() => ({ model, real }), steps);
        for (const who of USERS) {
          const groups = (await real.browsers[who].json('GET', '/api/groups')) as { id: string; players: { login: string; name: string }[] }[];
          const expected = model.groups
            .filter((group) => group.players.has(who))
            .map((group) => ({ id: group.id, players: [...group.players].map(([member, playerName]) => `${member}@example.com=${playerName}`).sort() }))
            .sort((a, b) => a.id.localeCompare(b.id));
          const actual = groups
            .map((group) => ({ id: group.id, players: group.players.map((player) => `${player.login}=${player.name}`).sort() }))
            .sort((a, b) => a.id.localeCompare(b.id));
          expect(actual).toEqual(expected);
        }
      }),
      { numRuns: kind === 'sqlite' ? 25 : 10 },
    );
  });
});
