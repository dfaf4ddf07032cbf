import pg from 'pg';

/** Whether this process is the one that does a shared job now. */
export type Leadership = { isLeader(): Promise<boolean>; close(): Promise<void> };

/** One process alone (the embedded database): always the leader. */
export const soleLeadership: Leadership = { isLeader: async () => true, close: async () => undefined };

/**
 * Among server processes on one PostgreSQL, the holder of a session advisory lock is the leader.
 * The others ask again at their next turn and take over once the holder's connection ends (a
 * crashed or stopped process releases the lock with its session).
 */
export function advisoryLeadership(databaseUrl: string, job: string): Leadership {
  let client: pg.Client | undefined;
  let leading = false;
  const drop = () => {
    leading = false;
    const old = client;
    client = undefined;
    void old?.end().catch(() => undefined);
  };
  return {
    async isLeader() {
      try {
        if (!client) {
          client = new pg.Client({ connectionString: databaseUrl });
          client.on('error', drop);
          await client.connect();
        }
        if (leading) {
          // The lock lives as long as this session: a live session still holds it.
          await client.query('SELECT 1');
          return true;
        }
        // Keyed by database too: deployments that share a PostgreSQL server never block each other.
        const answer = await client.query<{ locked: boolean }>("SELECT pg_try_advisory_lock(hashtext('scorecast:' || current_database() || ':' || $1)) AS locked", [job]);
        leading = answer.rows[0]?.locked === true;
        return leading;
      } catch {
        drop();
        return false;
      }
    },
    async close() {
      leading = false;
      await client?.end().catch(() => undefined);
      client = undefined;
    },
  };
}
