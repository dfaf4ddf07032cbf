import { createRequire } from 'node:module';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import { destination } from 'pino';

/** What background work (push, replay) writes its failures to: the server's logger, so a line carries the error's stack. */
export type ErrorLogger = Pick<FastifyBaseLogger, 'error'>;

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

type SerializedRequest = { method: string; url: string; hostname?: string; ip?: string; id?: string };

/**
 * The server's logger: pino JSON lines at `info` (LOG_LEVEL changes it, LOG_FORMAT=pretty prints
 * lines for people). A request is logged by its path alone: the query string of a mail link or of
 * /notify carries a token. Lines are written as they come (as console.log does on a pipe): pino's
 * default buffers them and flushes at exit, and with nobody left reading the pipe that flush waited
 * forever, so a stopped server never exited; written at once, a broken pipe just ends the log.
 */
export function loggerOptionsOf(env: NodeJS.ProcessEnv): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  const pretty = env.LOG_FORMAT === 'pretty';
  return {
    level: env.LOG_LEVEL ?? 'info',
    redact: { paths: SECRET_PATHS, censor: '[redacted]' },
    serializers: {
      req: (request: SerializedRequest) => ({ method: request.method, path: request.url.split('?')[0], ip: request.ip }),
    },
    ...(pretty
      ? { transport: { target: createRequire(import.meta.url).resolve('pino-pretty'), options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
      : { stream: destination({ dest: 1, sync: true }) }),
  };
}

/**
 * TRUST_PROXY as Fastify reads it: `true` (any proxy), a hop count, or addresses/CIDRs separated by
 * commas (the safe choice: only the proxy in front may set X-Forwarded-For). Unset: no proxy.
 */
export function trustProxyOf(value: string | undefined): boolean | string | ((address: string, hop: number) => boolean) {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value;
}
