import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from './support/databases.js';
import { gameIdOf, startTestServer, type TestServer } from './support/server.js';

// A fresh operator sent the same result five times: the log had one entry, every connected client
// five identical Game items. A change that changes nothing is told to nobody.

describe.each(DATABASES)('the same game change sent again, on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { push: false });
  });
  afterAll(async () => server?.close());

  it('answers with the game and tells nobody', async () => {
    const id = await gameIdOf(server, 4);
    server.clock.set(Date.parse('2024-06-30T12:00:00Z'));
    const change = { status: 'Live', homeGoals: 1, awayGoals: 0 };
    expect((await server.admin('POST', `/api/admin/games/${id}`, change)).statusCode).toBe(200);
    const told: unknown[] = [];
    const listener = (event: unknown) => told.push(event);
    server.context.events.on('gameChanged', listener);
    try {
      const again = await server.admin('POST', `/api/admin/games/${id}`, change);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject(change);
      expect(told).toEqual([]);
    } finally {
      server.context.events.off('gameChanged', listener);
    }
    expect((await server.admin('GET', `/api/admin/games/${id}/log`)).json().changes).toHaveLength(1);
  });
});
