import type { TokenStorage } from './token-storage.js';
import { readToken } from './token-storage.js';

/** The cookie the server sets against cross-site request forgery, and the header it wants it back in. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
export const CONNECTION_ID_HEADER = 'X-Connection-Id';

/** The value of one cookie in a `document.cookie` style string. */
export function cookieValue(cookies: string, name: string): string | undefined {
  for (const pair of cookies.split(';')) {
    const separator = pair.indexOf('=');
    if (separator > 0 && pair.slice(0, separator).trim() === name) return decodeURIComponent(pair.slice(separator + 1).trim());
  }
  return undefined;
}

/** What the headers of a request to our own server are made from. */
export type HeaderSources = {
  tokenStorage: TokenStorage;
  readCookies: () => string;
  connectionId: () => string | undefined;
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Adds the Bearer token, the live channel's connection id and, on non-GET requests, the XSRF cookie's
 * value. A token already set on the request (a credential check's token) wins over the stored one.
 */
export function addSessionHeaders(request: Request, sources: HeaderSources): void {
  const token = readToken(sources.tokenStorage);
  if (token && !request.headers.has('Authorization')) request.headers.set('Authorization', `Bearer ${token}`);
  const connectionId = sources.connectionId();
  if (connectionId) request.headers.set(CONNECTION_ID_HEADER, connectionId);
  if (SAFE_METHODS.has(request.method)) return;
  const xsrfToken = cookieValue(sources.readCookies(), XSRF_COOKIE);
  if (xsrfToken) request.headers.set(XSRF_HEADER, xsrfToken);
}
