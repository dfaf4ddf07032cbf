import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

const SEPARATOR = '\x1e';

export type HubClient = { id: string; url: string; headers: IncomingHttpHeaders; socket: WebSocket };

/**
 * A small server side of the SignalR JSON hub protocol (see live-channel.md) on a free port: handshake,
 * getConnectionId, pings ignored, pushes and closes on demand. `accepting = false` refuses upgrades.
 */
export class HubServer {
  readonly clients: HubClient[] = [];
  accepting = true;
  /** Refuses upgrades with a 401, as the server does for a token whose session has ended. */
  refusingToken = false;
  private connectionCount = 0;
  private readonly http = createServer((_, response) => response.writeHead(404).end());
  private readonly sockets = new WebSocketServer({ noServer: true, perMessageDeflate: false });
  private readonly waiters: (() => void)[] = [];

  url = '';

  async listen(): Promise<this> {
    this.http.on('upgrade', (request, socket, head) => {
      if (this.refusingToken) {
        socket.end('HTTP/1.1 401 Unauthorized\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      if (!this.accepting || !request.url?.startsWith('/notify')) {
        socket.end('HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      this.sockets.handleUpgrade(request, socket, head, (ws) => this.serve(ws, request.url ?? '', request.headers));
    });
    await new Promise<void>((resolve) => this.http.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.http.address() as AddressInfo).port}`;
    return this;
  }

  private serve(socket: WebSocket, url: string, headers: IncomingHttpHeaders): void {
    let handshaken = false;
    let tail = '';
    const client: HubClient = { id: `connection-${++this.connectionCount}`, url, headers, socket };
    socket.on('message', (data) => {
      const records = (tail + data.toString()).split(SEPARATOR);
      tail = records.pop() ?? '';
      for (const record of records) {
        const message = JSON.parse(record) as { type?: number; target?: string; invocationId?: string };
        if (!handshaken) {
          handshaken = true;
          socket.send(`{}${SEPARATOR}`);
          this.clients.push(client);
          this.waiters.splice(0).forEach((wake) => wake());
        } else if (message.type === 1 && message.target?.toLowerCase() === 'getconnectionid') {
          socket.send(JSON.stringify({ type: 3, invocationId: message.invocationId, result: client.id }) + SEPARATOR);
        }
      }
    });
    socket.on('close', () => {
      const index = this.clients.indexOf(client);
      if (index >= 0) this.clients.splice(index, 1);
    });
  }

  /** Resolves once `count` clients have finished the handshake. */
  async waitForClients(count: number): Promise<void> {
    while (this.clients.length < count) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  /** Sends a raw `notify` push to every client: `argument` is the handler's one parameter. */
  notify(argument: unknown): void {
    const text = JSON.stringify({ type: 1, target: 'notify', arguments: [argument] }) + SEPARATOR;
    for (const client of this.clients) client.socket.send(text);
  }

  /** Sends a close message to every client, then drops the sockets. */
  closeClients(allowReconnect: boolean, error = 'Server closed the connection.'): void {
    const text = JSON.stringify(allowReconnect ? { type: 7, allowReconnect: true } : { type: 7, error });
    for (const client of [...this.clients]) {
      client.socket.send(text + SEPARATOR);
      client.socket.close();
    }
  }

  async close(): Promise<void> {
    for (const client of this.clients) client.socket.terminate();
    await new Promise<void>((resolve) => this.sockets.close(() => resolve()));
    this.http.closeAllConnections();
    await new Promise<void>((resolve) => this.http.close(() => resolve()));
  }
}
