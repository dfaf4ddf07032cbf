import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/** Helmet's headers by name, as every answer but a 304 carries them. */
export type SecurityHeaders = Readonly<Record<string, string>>;

/** What the probe's answer carries that is not helmet's. */
const NOT_HELMETS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * Helmet's headers on every answer, worked out once: @fastify/helmet builds its middlewares and
 * parses the content security policy again for each request, and the headers never change. A 304
 * carries none of them: the browser keeps the headers of the answer it holds (RFC 9110, 15.4.5).
 */
export async function securityHeadersOf(options: FastifyHelmetOptions): Promise<SecurityHeaders> {
  const probe = Fastify();
  await probe.register(helmet, options);
  probe.get('/', () => '');
  const answer = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(answer.headers)) {
    if (typeof value === 'string' && !NOT_HELMETS.has(name)) headers[name] = value;
  }
  return headers;
}

/** Sends the headers of {@link securityHeadersOf} with every answer but a 304. */
export function registerSecurityHeaders(app: FastifyInstance, headers: SecurityHeaders): void {
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (reply.statusCode !== 304) void reply.headers(headers);
    done(null, payload);
  });
}
