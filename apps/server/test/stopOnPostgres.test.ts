import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwoProcesses, type TwoProcesses } from './support/twoProcesses.js';

const adminUrl = process.env.TEST_DATABASE_URL;

// Found by a fresh attacker: a request waiting on a locked table at SIGTERM held the stop until its
// statement timed out (15 s), past the grace time and past systemd's TimeoutStopSec.
describe.runIf(adminUrl)('a server process on PostgreSQL stopped while a statement waits', () => {
  let processes: TwoProcesses;
  beforeAll(async () => {
    processes = await startTwoProcesses('stop', { SHUTDOWN_GRACE_MS: '1000' });
  }, 120_000);
  afterAll(async () => processes?.stop());

  it('ends soon after its grace time, without waiting for the statement', { timeout: 60_000 }, async () => {
    const [server] = processes.servers;
    const url = new URL(adminUrl!);
    url.pathname = `/${processes.database}`;
    const holder = new pg.Client({ connectionString: url.toString() });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE users IN ACCESS EXCLUSIVE MODE');
      const login = fetch(`${server.url}/api/auth`, {
        method: 'POST',
        headers: { cookie: 'XSRF-TOKEN=t', 'x-xsrf-token': 't', 'content-type': 'application/json' },
        body: JSON.stringify({ login: 'nobody@example.com', password: 'Secret!23' }),
      }).catch((error: unknown) => error);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const stopped = new Promise<number | null>((resolve) => server.child.once('exit', resolve));
      const started = Date.now();
      server.child.kill('SIGTERM');
      await stopped;
      expect(Date.now() - started).toBeLessThan(6_000);
      await login;
    } finally {
      await holder.query('ROLLBACK');
      await holder.end();
    }
  });
});
