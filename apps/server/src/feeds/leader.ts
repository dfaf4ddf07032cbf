import pg from 'pg';

/** Whether this process is the one that does a shared job now. */
export type Leadership = { isLeader(): Promise<boolean>; close(): Promise<void> };

/** One process alone (the embedded database): always the leader. */
export const soleLeadership: Leadership = { isLeader: async () => true, close: async () => undefined };

/** How often a leader shows it is alive, and how long the others wait before they take over from one that does not. */
export type LeadershipTimes = { heartbeatMs?: number; staleMs?: number };

/**
 * Among server processes on one PostgreSQL, the holder of a session advisory lock is the leader.
 * The others ask again at their next turn and take over once the holder's connection ends (a
 * crashed or stopped process releases the lock with its session). A leader runs a statement on its
 * session every `heartbeatMs`; a holder whose session stayed idle for `staleMs` (a frozen process:
 * its connection lives on and held the lock, and every kickoff waited) has its session ended by
 * the next process that asks.
 */
export function advisoryLeadership(databaseUrl: string, job: string, times: LeadershipTimes = {}): Leadership {
  const { heartbeatMs = 5_000, staleMs = 15_000 } = times;
  let client: pg.Client | undefined;
  let leading = false;
  let heartbeat: NodeJS.Timeout | undefined;
  const drop = () => {
    leading = false;
    clearInterval(heartbeat);
    const old = client;
    client = undefined;
    void old?.end().catch(() => undefined);
  };
  // Keyed by database too: deployments that share a PostgreSQL server never block each other.
  const key = "hashtext('scorecast:' || current_database() || ':' || $1)";
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
        const answer = await client.query<{ locked: boolean }>(`SELECT pg_try_advisory_lock(${key}) AS locked`, [job]);
        leading = answer.rows[0]?.locked === true;
        if (leading) {
          const session = client;
          heartbeat = setInterval(() => void session.query('SELECT 1').catch(drop), heartbeatMs).unref();
        } else {
          // A holder idle past `staleMs` is frozen: its session ends, and its lock with it (a role that
          // may not end others' sessions is refused, and this process waits its turn).
          await client.query(
            `SELECT pg_terminate_backend(activity.pid) FROM pg_locks lock JOIN pg_stat_activity activity ON activity.pid = lock.pid
             WHERE lock.locktype = 'advisory' AND lock.objsubid = 1 AND lock.granted AND lock.database = (SELECT oid FROM pg_database WHERE datname = current_database())
               AND lock.objid = ((${key}::bigint & 4294967295)::text)::oid
               AND activity.state = 'idle' AND activity.state_change < now() - make_interval(secs => $2)`,
            [job, staleMs / 1000],
          ).catch(() => undefined);
        }
        return leading;
      } catch {
        drop();
        return false;
      }
    },
    async close() {
      leading = false;
      clearInterval(heartbeat);
      await client?.end().catch(() => undefined);
      client = undefined;
    },
  };
}
