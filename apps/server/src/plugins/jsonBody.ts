import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../httpError.js';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Why a JSON body is not taken as it comes: a content coding (a compressed body was read as if
 * plain), or a charset other than UTF-8 (Latin-1 bytes read as UTF-8 store other letters).
 */
function refusedForm(request: FastifyRequest): HttpError | undefined {
  const coding = request.headers['content-encoding'];
  if (coding !== undefined && coding.trim().toLowerCase() !== 'identity') return new HttpError(415, 'unsupportedContentEncoding', 'content-encoding');
  const charset = /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(request.headers['content-type'] ?? '')?.[1];
  if (charset !== undefined && charset.toLowerCase() !== 'utf-8') return new HttpError(415, 'unsupportedCharset', 'content-type');
  return undefined;
}

/**
 * JSON bodies must be valid UTF-8: Fastify's own parser decodes broken bytes to U+FFFD, which would
 * store text nobody typed. Everything else (size limit, `__proto__` refused) stays Fastify's.
 */
export function registerStrictJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const refused = refusedForm(request);
    if (refused) return done(refused, undefined);
    // A JSON content type without a body (a DELETE from a client that sets it on every call) carries no body.
    if ((body as Buffer).length === 0) return done(null, undefined);
    let text: string;
    try {
      text = strictUtf8.decode(body as Buffer);
    } catch {
      done(Object.assign(new Error('The body is not valid UTF-8.'), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_UTF8' }), undefined);
      return;
    }
    void parseJson(request, text, done);
  });
}
