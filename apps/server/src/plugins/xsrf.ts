import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Double-submit CSRF check: the server hands out an `XSRF-TOKEN` cookie, and every non-GET call to
 * the API must echo it in `X-XSRF-TOKEN`. The admin API authenticates by header and is exempt.
 */
export function registerXsrf(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    const cookie = request.cookies['XSRF-TOKEN'];
    if (!cookie) {
      // Secure behind TLS (the scheme comes from X-Forwarded-Proto when TRUST_PROXY names the proxy).
      reply.setCookie('XSRF-TOKEN', randomBytes(24).toString('base64url'), { path: '/', sameSite: 'strict', secure: request.protocol === 'https' });
    }
    const { url } = request;
    if (SAFE_METHODS.has(request.method) || !url.startsWith('/api/') || url.startsWith('/api/admin')) return done();
    const header = request.headers['x-xsrf-token'];
    if (!cookie || typeof header !== 'string' || !same(cookie, header)) {
      void reply.code(403).send({ error: 'xsrf' });
      return;
    }
    done();
  });
}
