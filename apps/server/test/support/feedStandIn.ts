import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

const recorded = join(import.meta.dirname, '..', 'feeds-recorded');

/** The recorded football-data.org answer (competitions/WC/matches, 2026-05-09). */
export const recordedFootballData = () => JSON.parse(readFileSync(join(recorded, 'fd_matches.json'), 'utf8'));
/** The recorded OpenLigaDB answer (getmatchdata/wm26/2026, 2026-06-17): the API's array of matches. */
export const recordedOpenLigaDb = () => JSON.parse(readFileSync(join(recorded, 'openligadb-wm26-2026.json'), 'utf8')).matches;

/**
 * A stand-in of both feeds serving whatever `answers` holds at their real paths; football-data
 * asks for its token like the real one. Counts the requests per path.
 */
export async function startFeedStandIn(token: string) {
  const answers = { footballData: recordedFootballData(), openLigaDb: recordedOpenLigaDb() };
  const requests: string[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    requests.push(url.pathname + url.search);
    const send = (status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (url.pathname === '/v4/competitions/WC/matches' && url.searchParams.get('season') === '2026') {
      if (request.headers['x-auth-token'] !== token) return send(403, { message: 'The resource you are looking for is restricted.' });
      return send(200, answers.footballData);
    }
    if (url.pathname === '/getmatchdata/wm26/2026') return send(200, answers.openLigaDb);
    return send(404, { message: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, answers, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
