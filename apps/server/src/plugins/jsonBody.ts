import type { FastifyInstance } from 'fastify';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * JSON bodies must be valid UTF-8: Fastify's own parser decodes broken bytes to U+FFFD, which would
 * store text nobody typed. Everything else (size limit, `__proto__` refused) stays Fastify's.
 */
export function registerStrictJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
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
