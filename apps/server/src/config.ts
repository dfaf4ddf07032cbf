import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * A setting of the environment the server cannot run with: its message is one line naming the
 * variable and what it accepts, said instead of a stack (the operator fixes the unit, not the code).
 */
export class SettingError extends Error {
  override name = 'SettingError';
}

/** Whether an error is a refused setting, to be said as its message alone. */
export const isSettingError = (error: unknown): error is SettingError => error instanceof SettingError;

/** Where the admin token lives when ADMIN_TOKEN is not set. */
export function adminTokenFile(dataDir: string): string {
  return join(dataDir, 'admin-token');
}

/** ADMIN_TOKEN, else the token in the data folder, created on first start (readable by the owner only). */
export function adminTokenOf(env: NodeJS.ProcessEnv, dataDir: string): string {
  if (env.ADMIN_TOKEN) return env.ADMIN_TOKEN;
  const file = adminTokenFile(dataDir);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const token = randomBytes(32).toString('base64url');
  writeFileSync(file, `${token}\n`, { mode: 0o600 });
  return token;
}

/** The data folder: DATA_DIR, default ./data. */
export function dataDirOf(env: NodeJS.ProcessEnv): string {
  return resolve(env.DATA_DIR ?? 'data');
}
