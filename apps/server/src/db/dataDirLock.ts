import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

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
 * Takes a SQLite data folder for this process, or throws when another running server has it: a
 * second process on one SQLite file keeps sessions, games and answers that the first one's writes
 * never reach (a revoked session still served, a result never shown). A file left by a process
 * that died is taken over. Returns the function that gives the folder back.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, LOCK_FILE);
  for (;;) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number.parseInt(readFileSync(file, 'utf8'), 10);
    if (holder !== process.pid && isRunning(holder)) {
      throw new Error(
        `another Scorecast server (process ${holder}) runs on ${dataDir}: one process per SQLite data folder (several processes need PostgreSQL, DATABASE_URL). If no server runs there, delete ${file}.`,
      );
    }
    unlinkSync(file);
  }
  return () => {
    try {
      if (readFileSync(file, 'utf8') === String(process.pid)) unlinkSync(file);
    } catch {
      // Already gone: nothing to give back.
    }
  };
}
