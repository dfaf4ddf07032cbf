import type { FastifyRequest } from 'fastify';

/**
 * Whether a browser's request may come from the page it names in `Origin`: a page of the public URL,
 * or of the very host the request was sent to (the server reached by its LAN address, or through a
 * dev proxy that keeps the Host). Another site's page is refused. Requests without `Origin` (apps,
 * curl, server-to-server) carry no browser's word about a page, so they pass.
 */
export function isOwnOrigin(request: FastifyRequest, publicUrl: string): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  let page: URL;
  try {
    page = new URL(origin);
  } catch {
    return false;
  }
  if (page.origin === new URL(publicUrl).origin) return true;
  return request.headers.host !== undefined && page.host === request.headers.host.toLowerCase();
}
