import { createRequire } from 'node:module';
import { isIP, isIPv4 } from 'node:net';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import { destination } from 'pino';
import { isDatabaseUnreachable } from './db/database.js';
import { choiceOf, SettingError } from './config.js';

/** What background work (push, replay) writes its failures to: the server's logger, so a line carries the error's stack. */
export type ErrorLogger = Pick<FastifyBaseLogger, 'error' | 'warn'>;

/** How often a background task out of reach of its database says so. */
const UNREACHABLE_SAID_EVERY_MS = 60_000;

/**
 * Logs the failures of a background task that runs again and again (`what` says which): each with
 * its stack, but a database out of reach as a warning naming the cause, once a minute while it
 * lasts: an outage repeated it with a stack at every tick, burying what else went wrong.
 */
export function failureLogOf(log: ErrorLogger, what: string, now: () => number = Date.now): (error: unknown) => void {
  let quietUntil = 0;
  return (error) => {
    if (!(error instanceof Error && isDatabaseUnreachable(error))) return log.error({ err: error }, what);
    if (now() < quietUntil) return;
    quietUntil = now() + UNREACHABLE_SAID_EVERY_MS;
    log.warn({ reason: error.message }, `${what}: the database could not be reached (said once a minute while it lasts)`);
  };
}

/** Header and body fields that hold secrets: replaced before a line is written. */
const SECRET_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-admin-token"]',
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
  'password',
  'token',
  '*.password',
  '*.token',
  'body',
  '*.body',
];

/**
 * A request's path as a log line holds it: a group's id is its invitation (whoever reads the log
 * could join the group), so it reads `:id` after /groups/, /group/ and /invitation/.
 * @example loggablePath('/api/groups/btW3jh3mdcz-ZY3t-JoHzE3hq/leave') // '/api/groups/:id/leave'
 */
export function loggablePath(path: string): string {
  return path.replace(/\/(groups?|invitation)\/[\w-]{20,}(?=\/|$)/g, '/$1/:id');
}

/** pino's levels, the default first. */
const LOG_LEVELS = ['info', 'trace', 'debug', 'warn', 'error', 'fatal', 'silent'] as const;

type SerializedRequest = { method: string; url: string; hostname?: string; ip?: string; id?: string };

/**
 * The server's logger: pino JSON lines at `info` (LOG_LEVEL changes it, LOG_FORMAT=pretty prints
 * lines for people). A request is logged by its path alone: the query string of a mail link or of
 * /notify carries a token. Lines are written as they come (as console.log does on a pipe): pino's
 * default buffers them and flushes at exit, and with nobody left reading the pipe that flush waited
 * forever, so a stopped server never exited; written at once, a broken pipe just ends the log.
 */
export function loggerOptionsOf(env: NodeJS.ProcessEnv): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  const pretty = choiceOf('LOG_FORMAT', env.LOG_FORMAT, ['json', 'pretty']) === 'pretty';
  return {
    level: choiceOf('LOG_LEVEL', env.LOG_LEVEL, LOG_LEVELS),
    redact: { paths: SECRET_PATHS, censor: '[redacted]' },
    serializers: {
      req: (request: SerializedRequest) => ({ method: request.method, path: loggablePath(request.url.split('?')[0] ?? ''), ip: request.ip }),
    },
    ...(pretty
      ? { transport: { target: createRequire(import.meta.url).resolve('pino-pretty'), options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
      : { stream: destination({ dest: 1, sync: true }) }),
  };
}

/** proxy-addr's names of address ranges, which Fastify takes in TRUST_PROXY too. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Whether one entry of TRUST_PROXY is an address, a range name, or an address with a prefix length or an IPv4 netmask. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return (/^\d+$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128)) || (version === 4 && isIPv4(prefix));
}

/**
 * TRUST_PROXY as Fastify reads it: `true` (any proxy), a hop count, or addresses/CIDRs separated by
 * commas (the safe choice: only the proxy in front may set X-Forwarded-For). Unset: no proxy.
 * Anything else is refused here: Fastify threw "invalid IP address" with a stack and no variable.
 */
export function trustProxyOf(value: string | undefined): boolean | string | ((address: string, hop: number) => boolean) {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  if (!value.split(',').every((entry) => isProxyAddress(entry.trim()))) {
    throw new SettingError(`TRUST_PROXY must be true, false, a hop count, or the proxy's addresses or CIDR ranges separated by commas, not ${JSON.stringify(value)}`);
  }
  return value;
}
