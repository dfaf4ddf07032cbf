import { randomBytes, timingSafeEqual } from 'node:crypto';
import { XSRF_COOKIE, XSRF_HEADER } from '@scorecast/api-client';
import type { FastifyInstance } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The XSRF cookie's value in a Cookie header (the name the web app's client reads): the only cookie the server reads. */
const XSRF_VALUE = new RegExp(`(?:^|;)\\s*${XSRF_COOKIE}=([^;\\s]+)`);

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The XSRF-TOKEN cookie a request carries, if any. */
export function xsrfCookieOf(cookieHeader: string | undefined): string | undefined {
  return cookieHeader ? XSRF_VALUE.exec(cookieHeader)?.[1] : undefined;
}

/**
 * Double-submit CSRF check: the server hands out an `XSRF-TOKEN` cookie, and every non-GET call to
 * the API must echo it in `X-XSRF-TOKEN`. The admin API authenticates by header and is exempt.
 * The cookie is read and written here rather than by a cookie plugin, whose two hooks on every
 * request cost more than the settings route itself.
 */
export function registerXsrf(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    const cookie = xsrfCookieOf(request.headers.cookie);
    if (!cookie) {
      // Secure behind TLS (the scheme comes from X-Forwarded-Proto when TRUST_PROXY names the proxy).
      const secure = request.protocol.toLowerCase() === 'https' ? '; Secure' : '';
      void reply.header('set-cookie', `${XSRF_COOKIE}=${randomBytes(24).toString('base64url')}; Path=/; SameSite=Strict${secure}`);
    }
    // By the route the request reached, not its text: `/%61pi/...` and `POST http://host/api/...` reach API routes too.
    const route = request.routeOptions.url ?? '';
    if (SAFE_METHODS.has(request.method) || !route.startsWith('/api/') || route.startsWith('/api/admin')) return done();
    const header = request.headers[XSRF_HEADER.toLowerCase()];
    if (!cookie || typeof header !== 'string' || !same(cookie, header)) {
      void reply.code(403).send({ error: 'xsrf' });
      return;
    }
    done();
  });
}
