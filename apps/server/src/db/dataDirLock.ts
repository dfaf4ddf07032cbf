import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeDataDir, SettingError } from '../config.js';

/** The file in a SQLite data folder that names the server process running on it. */
export const LOCK_FILE = 'server.pid';

/** Whether a process of this id runs (one of another user still does: EPERM). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * When a process started, in clock ticks since boot (Linux's /proc); undefined where there is no
 * /proc. With its id it names one process: an id alone may be another's after a crash and a reboot.
 */
function startOf(pid: number): string | undefined {
  try {
    // The command may hold spaces and parentheses: the fields after its last ')' are fixed, the 20th is the start time.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/** Whether the process a lock file names still runs: the same id, and the same start where both are known. */
function holds(lock: string): boolean {
  const [id = '', start] = lock.trim().split(' ');
  const pid = Number.parseInt(id, 10);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !isRunning(pid)) return false;
  const now = startOf(pid);
  return start === undefined || now === undefined || now === start;
}

const ONE_SERVER = 'one process per SQLite data folder (several processes need PostgreSQL, DATABASE_URL)';

/**
 * Takes a SQLite data folder for this process, or throws when another running server has it: a
 * second process on one SQLite file keeps sessions, games and answers that the first one's writes
 * never reach (a revoked session still served, a result never shown). A file left by a process
 * that died, or whose id another process has now, is taken over. `busy` says what to do while another
 * server has the folder (the server's own words by default). Returns the function that gives the folder back.
 */
export function lockDataDir(dataDir: string, busy = ONE_SERVER): () => void {
  makeDataDir(dataDir);
  const file = join(dataDir, LOCK_FILE);
  const lock = [process.pid, startOf(process.pid)].filter((part) => part !== undefined).join(' ');
  for (;;) {
    try {
      writeFileSync(file, lock, { flag: 'wx', mode: 0o600 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readFileSync(file, 'utf8');
    if (holds(holder)) {
      throw new SettingError(
        `another Scorecast server (process ${Number.parseInt(holder, 10)}) runs on ${dataDir}: ${busy}. If no server runs there, delete ${file}.`,
      );
    }
    unlinkSync(file);
  }
  return () => {
    try {
      if (readFileSync(file, 'utf8') === lock) unlinkSync(file);
    } catch {
      // Already gone: nothing to give back.
    }
  };
}
