import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type RecordedRequest = { method: string; url: string; headers: IncomingHttpHeaders; body: unknown };
export type Reply = { status?: number; body?: unknown; rawBody?: string };
export type ApiServer = { url: string; requests: RecordedRequest[]; close(): Promise<void> };

/** A real HTTP server on a free port that records every request and answers with `reply`'s JSON. */
export async function startApiServer(reply: (request: RecordedRequest) => Reply = () => ({ body: {} })): Promise<ApiServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const request = { method: incoming.method ?? '', url: incoming.url ?? '', headers: incoming.headers, body: text ? JSON.parse(text) : undefined };
      requests.push(request);
      const { status = 200, body, rawBody } = reply(request);
      const payload = rawBody ?? (body === undefined ? '' : JSON.stringify(body));
      outgoing.writeHead(status, payload && rawBody === undefined ? { 'content-type': 'application/json' } : {});
      outgoing.end(payload);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
