import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * A setting of the environment the server cannot run with: its message is one line naming the
 * variable and what it accepts, said instead of a stack (the operator fixes the unit, not the code).
 */
export class SettingError extends Error {
  override name = 'SettingError';
}

/** Whether an error is a refused setting, to be said as its message alone. */
export const isSettingError = (error: unknown): error is SettingError => error instanceof SettingError;

/** A value as a refusal shows it: quoted, so a stray space or an empty value can be seen. */
const shown = (value: string) => JSON.stringify(value);

/**
 * A port variable (PORT, METRICS_PORT): a whole number from 0 (a free port) to 65535.
 * @example portOf('PORT', undefined, 3000) // 3000
 */
export function portOf(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65_535) throw new SettingError(`${name} must be a port number from 0 to 65535, not ${shown(value)}`);
  return port;
}

/**
 * A count or a duration in whole units (AUTH_RATE_LIMIT, SHUTDOWN_GRACE_MS): digits only, from `min`
 * to `max` (a timer's delay past 2^31 - 1 ms fires at once).
 * @example wholeNumberOf('SHUTDOWN_GRACE_MS', '5000', 10_000, { min: 0, max: 2_147_483_647 }) // 5000
 */
export function wholeNumberOf(name: string, value: string | undefined, fallback: number, range: { min: number; max: number }): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < range.min || number > range.max) throw new SettingError(`${name} must be a whole number from ${range.min} to ${range.max}, not ${shown(value)}`);
  return number;
}

/**
 * A number of seconds, minutes or hours (FEED_LIVE_INTERVAL, PUSH_REMINDER_MINUTES): above 0 and at
 * most `max`, fractions allowed.
 * @example positiveNumberOf('FEED_LIVE_INTERVAL', '7.5', 15, 86_400) // 7.5
 */
export function positiveNumberOf(name: string, value: string | undefined, fallback: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (value.trim() === '' || !(number > 0 && number <= max)) throw new SettingError(`${name} must be a number above 0 and at most ${max}, not ${shown(value)}`);
  return number;
}

/**
 * A variable that takes one of a few words (LOG_FORMAT, LOG_LEVEL); unset or empty is the first.
 * @example choiceOf('LOG_FORMAT', 'pretty', ['json', 'pretty']) // 'pretty'
 */
export function choiceOf<const Choice extends string>(name: string, value: string | undefined, choices: readonly [Choice, ...Choice[]]): Choice {
  if (value === undefined || value === '') return choices[0];
  if (!(choices as readonly string[]).includes(value)) throw new SettingError(`${name} must be ${choices.slice(0, -1).join(', ')} or ${choices.at(-1)}, not ${shown(value)}`);
  return value as Choice;
}

/**
 * A switch that is on unless set to `off` (KICKOFF_CLOCK, PUSH, REMINDER_MAILS): `false` or `no`
 * used to leave it on without a word.
 * @example isSwitchedOn('PUSH', 'off') // false
 */
export const isSwitchedOn = (name: string, value: string | undefined): boolean => choiceOf(name, value, ['on', 'off']) === 'on';

/**
 * An address the server calls or links to (PUBLIC_URL, PAYPAL_BASE_URL, FOOTBALL_DATA_URL): an
 * http: or https: URL. The value is shown: these hold no password.
 * @example webUrlOf('PUBLIC_URL', undefined, 'http://localhost:3000') // 'http://localhost:3000'
 */
export function webUrlOf(name: string, value: string | undefined, fallback: string): string {
  if (value === undefined || value === '') return fallback;
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) throw new SettingError(`${name} must be an http:// or https:// URL, not ${shown(value)}`);
  return value;
}

/**
 * Creates the data folder, readable by the owner only: it holds the database (password hashes, the
 * VAPID private key), the admin token and mails with login links. A folder that exists is left as
 * the operator made it.
 */
export function makeDataDir(dataDir: string): void {
  if (existsSync(dataDir) && !statSync(dataDir).isDirectory()) throw new SettingError(`DATA_DIR ${dataDir} is a file, not a folder`);
  try {
    makeFolder(dataDir);
  } catch (error) {
    throw new SettingError(`DATA_DIR ${dataDir} cannot be made: ${(error as Error).message}`);
  }
}

/** A folder and its missing parents, one at a time: Node's recursive mkdir never returned under /proc. */
function makeFolder(folder: string): void {
  if (existsSync(folder)) {
    if (!statSync(folder).isDirectory()) throw new Error('it is a file');
    return;
  }
  const parent = dirname(folder);
  if (parent !== folder) makeFolder(parent);
  try {
    mkdirSync(folder, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

/**
 * Makes a file of the server's readable by its owner only, creating it empty when missing (an empty
 * file is an empty SQLite database). Files of an older install, made 0644, are narrowed too.
 */
export function makePrivateFile(file: string): void {
  if (existsSync(file)) chmodSync(file, 0o600);
  else writeFileSync(file, '', { flag: 'wx', mode: 0o600 });
}

/** Where the admin token lives when ADMIN_TOKEN is not set. */
export function adminTokenFile(dataDir: string): string {
  return join(dataDir, 'admin-token');
}

/** ADMIN_TOKEN, else the token in the data folder, created on first start (readable by the owner only). */
export function adminTokenOf(env: NodeJS.ProcessEnv, dataDir: string): string {
  if (env.ADMIN_TOKEN) return env.ADMIN_TOKEN;
  const file = adminTokenFile(dataDir);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  makeDataDir(dataDir);
  const token = randomBytes(32).toString('base64url');
  writeFileSync(file, `${token}\n`, { mode: 0o600 });
  return token;
}

/**
 * The data folder: DATA_DIR, default ./data. A relative DATA_DIR is taken from the folder the npm
 * command was typed in (INIT_CWD), as a shell user reads it: npm runs the server in apps/server.
 */
export function dataDirOf(env: NodeJS.ProcessEnv): string {
  // Empty or blank is unset, as for every setting: `DATA_DIR=` in a unit file meant the folder the server ran in.
  const given = env.DATA_DIR?.trim() ? env.DATA_DIR : undefined;
  return given ? resolve(env.INIT_CWD ?? '.', given) : resolve('data');
}
