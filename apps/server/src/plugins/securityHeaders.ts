import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/** Security headers by name. */
export type SecurityHeaders = Readonly<Record<string, string>>;

/**
 * What each kind of answer carries: `page` (helmet's, for the web app's documents, scripts,
 * styles, images and share pages) and `data` (for JSON, which no browser renders: it may be
 * nothing's document and nothing's subresource but our own page's); `privateData` is `data` for
 * JSON that says nothing of caching, a player's own: no cache keeps it.
 */
export type SecurityHeaderSets = { page: SecurityHeaders; data: SecurityHeaders; privateData: SecurityHeaders };

/** What the probe's answer carries that is not helmet's. */
const NOT_HELMETS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * The security headers, worked out once: @fastify/helmet builds its middlewares and parses the
 * content security policy again for each request, and the headers never change. A JSON answer
 * gets the short set OWASP gives for APIs instead of the page's kilobyte of policy: sending that
 * kilobyte halved how many game lists a process served, and a policy governs only a document.
 */
export async function securityHeadersOf(options: FastifyHelmetOptions): Promise<SecurityHeaderSets> {
  const probe = Fastify();
  await probe.register(helmet, options);
  probe.get('/', () => '');
  const answer = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const page: Record<string, string> = {};
  for (const [name, value] of Object.entries(answer.headers)) {
    if (typeof value === 'string' && !NOT_HELMETS.has(name)) page[name] = value;
  }
  const data: Record<string, string> = {
    // Opened as a page, it runs nothing and shows in no frame.
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    // No other site may load a player's data, even as an image or script it cannot read.
    'cross-origin-resource-policy': 'same-origin',
  };
  if (page['strict-transport-security']) data['strict-transport-security'] = page['strict-transport-security'];
  return { page, data, privateData: { ...data, 'cache-control': 'no-store' } };
}

/** Whether an answer's content type is JSON, which carries the `data` set. */
function isData(contentType: unknown): boolean {
  return typeof contentType === 'string' && contentType.startsWith('application/json');
}

/** Sends the headers of {@link securityHeadersOf} with every answer but a 304, by its content type. */
export function registerSecurityHeaders(app: FastifyInstance, headers: SecurityHeaderSets): void {
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (reply.statusCode === 304) return done(null, payload);
    if (!isData(reply.getHeader('content-type'))) void reply.headers(headers.page);
    else void reply.headers(reply.hasHeader('cache-control') ? headers.data : headers.privateData);
    done(null, payload);
  });
}
