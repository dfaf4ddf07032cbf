import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import { completionRecord, HANDSHAKE_OK, PING, RecordSplitter, record } from './protocol.js';

/** Timers and limits of the hub; tests scale the timers down. */
export type HubOptions = {
  /** Ping when nothing was sent for this long (default 15 s). */
  keepAliveMs?: number;
  /** Drop a client silent for longer than this (default 30 s); also the handshake deadline. */
  timeoutMs?: number;
  /** Drop a socket whose unsent bytes pass this (default 1 MiB). */
  maxBufferedBytes?: number;
  /** Told of an error thrown while handling one client's frames or a timer (that client is cut off). */
  log?: (error: unknown) => void;
};

/** Who is behind a connection: a logged-in user (and the hash of their session's token), or nobody (Game items only). */
export type Listener = { userId: number; login: string; session: string } | undefined;

/** One live connection after its handshake. */
export type LiveConnection = {
  id: string;
  listener: Listener;
  socket: WebSocket;
  lastSent: number;
  lastReceived: number;
};

const MAX_RECORD_CHARS = 64 * 1024;

/** A message after the handshake: a JSON object whose `type` is a number; the rest is checked where used. */
type HubMessage = { type: number; target?: unknown; invocationId?: unknown };

/** The record's JSON value, or `undefined` when it is not JSON at all. */
function parseRecord(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isHandshake(value: unknown): boolean {
  return isObject(value) && value.protocol === 'json' && value.version === 1;
}

function isHubMessage(value: unknown): value is HubMessage {
  return isObject(value) && typeof value.type === 'number';
}

/**
 * The connection registry: handshake, invocations, keep-alive, timeouts, sends and shutdown.
 * It knows nothing of Fastify nor of the game; the router decides what goes to whom.
 */
export class Hub {
  readonly connections = new Map<string, LiveConnection>();
  private readonly pending = new Set<WebSocket>();
  private readonly keepAliveMs: number;
  private readonly timeoutMs: number;
  private readonly maxBufferedBytes: number;
  private readonly log: ((error: unknown) => void) | undefined;
  private readonly timer: NodeJS.Timeout;
  private readonly beatMs: number;
  private lastBeat = Date.now();

  constructor(options: HubOptions = {}) {
    this.keepAliveMs = options.keepAliveMs ?? 15_000;
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.maxBufferedBytes = options.maxBufferedBytes ?? 1024 * 1024;
    this.log = options.log;
    this.beatMs = Math.max(10, Math.min(this.keepAliveMs, this.timeoutMs) / 3);
    this.timer = setInterval(() => {
      try {
        this.heartbeat();
      } catch (error) {
        this.log?.(error);
      }
    }, this.beatMs);
    this.timer.unref();
  }

  /** Takes a freshly upgraded socket; it counts as connected once its handshake is valid. */
  accept(socket: WebSocket, listener: Listener): void {
    const splitter = new RecordSplitter();
    let connection: LiveConnection | undefined;
    this.pending.add(socket);
    const handshakeTimer = setTimeout(() => {
      if (!connection) socket.terminate();
    }, this.timeoutMs);
    handshakeTimer.unref();

    socket.on('message', (data, isBinary) => {
      try {
        if (isBinary) return this.reject(socket, connection, 'Binary frames are not supported.');
        // Text frames arrive as one Buffer; ws types them with the fragment and ArrayBuffer forms too.
        const records = splitter.push(Array.isArray(data) ? Buffer.concat(data).toString() : data instanceof ArrayBuffer ? Buffer.from(data).toString() : data.toString());
        if (splitter.pending > MAX_RECORD_CHARS) return this.reject(socket, connection, 'The record is too large.');
        for (const text of records) {
          const message = parseRecord(text);
          if (!connection) {
            clearTimeout(handshakeTimer);
            this.pending.delete(socket);
            if (!isHandshake(message)) return this.reject(socket, connection, 'The handshake must be {"protocol":"json","version":1}.');
            connection = { id: randomUUID(), listener, socket, lastSent: Date.now(), lastReceived: Date.now() };
            this.connections.set(connection.id, connection);
            this.send(connection, HANDSHAKE_OK);
            continue;
          }
          if (!isHubMessage(message)) return this.reject(socket, connection, 'Every message must be a JSON object with a numeric type.');
          connection.lastReceived = Date.now();
          this.answer(connection, message);
          if (socket.readyState !== socket.OPEN) return;
        }
      } catch (error) {
        // Whatever a client sends may end its own connection, never the process.
        this.log?.(error);
        if (connection) this.connections.delete(connection.id);
        socket.terminate();
      }
    });
    socket.on('close', () => {
      clearTimeout(handshakeTimer);
      this.pending.delete(socket);
      if (connection) this.connections.delete(connection.id);
    });
    socket.on('error', () => socket.terminate());
  }

  /**
   * Closes one connection that broke the protocol, telling its client why: before the handshake as a
   * refused handshake, after it as a close message without reconnect (the client would only repeat it).
   */
  private reject(socket: WebSocket, connection: LiveConnection | undefined, error: string): void {
    if (connection) this.connections.delete(connection.id);
    if (socket.readyState !== socket.OPEN) return;
    socket.send(connection ? record({ type: 7, error }) : record({ error }));
    socket.close(1008);
  }

  private answer(connection: LiveConnection, message: HubMessage): void {
    if (message.type === 6) return;
    if (message.type === 7) return connection.socket.close();
    if (typeof message.invocationId !== 'string') return;
    if (message.type === 1 && typeof message.target === 'string' && message.target.toLowerCase() === 'getconnectionid') {
      this.send(connection, completionRecord(message.invocationId, { result: connection.id }));
      return;
    }
    const method = typeof message.target === 'string' ? `'${message.target.slice(0, 100)}'` : 'without a name';
    const error = message.type === 1 ? `Unknown hub method ${method}` : 'Streaming is not supported.';
    this.send(connection, completionRecord(message.invocationId, { error }));
  }

  /**
   * Sends one record, as text or as its UTF-8 bytes (always in a text frame): a broadcast encodes
   * its record once and hands the same bytes to every socket. A socket too far behind is dropped instead.
   * Says whether the record left (for the count of items pushed).
   */
  send(connection: LiveConnection, data: string | Buffer): boolean {
    if (!this.canSend(connection)) return false;
    connection.socket.send(data, { binary: false });
    return true;
  }

  /** Closes a connection with a close message: with `allowReconnect` its client comes back (and reloads); with an error, it stops. */
  close(connection: LiveConnection, how: { error: string } | { allowReconnect: true }): void {
    this.connections.delete(connection.id);
    const { socket } = connection;
    if (socket.readyState !== socket.OPEN) return;
    socket.send(record({ type: 7, ...how }));
    socket.close(1000);
  }

  /** Whether a connection is open and keeping up; one too far behind is dropped. */
  private canSend(connection: LiveConnection): boolean {
    const { socket } = connection;
    if (socket.readyState !== socket.OPEN) return false;
    if (socket.bufferedAmount > this.maxBufferedBytes) {
      this.connections.delete(connection.id);
      socket.terminate();
      return false;
    }
    connection.lastSent = Date.now();
    return true;
  }

  private heartbeat(): void {
    const now = Date.now();
    // A late beat means this process was busy (a long scoring), not that the clients went quiet:
    // their pings may be waiting unread, so nobody is judged before they are read.
    const late = now - this.lastBeat > 2 * this.beatMs;
    this.lastBeat = now;
    if (late) return;
    for (const connection of this.connections.values()) {
      if (now - connection.lastReceived > this.timeoutMs) {
        this.connections.delete(connection.id);
        connection.socket.terminate();
      } else if (now - connection.lastSent >= this.keepAliveMs) {
        this.send(connection, PING);
      }
    }
  }

  /** Answers the handshake of a socket whose token was refused, then closes it. */
  refuse(socket: WebSocket): void {
    socket.once('message', () => {
      if (socket.readyState !== socket.OPEN) return;
      socket.send(record({ error: 'Unauthorized' }));
      socket.close();
    });
    const timer = setTimeout(() => socket.terminate(), this.timeoutMs);
    timer.unref();
    socket.on('close', () => clearTimeout(timer));
    socket.on('error', () => socket.terminate());
  }

  /** Asks every client to reconnect elsewhere, waits up to `graceMs`, then cuts the rest. */
  async shutdown(graceMs = 2_000): Promise<void> {
    clearInterval(this.timer);
    const sockets = [...[...this.connections.values()].map((c) => c.socket), ...this.pending];
    for (const connection of [...this.connections.values()]) this.close(connection, { allowReconnect: true });
    for (const socket of this.pending) socket.close(1000);
    const deadline = Date.now() + graceMs;
    while (sockets.some((s) => s.readyState !== s.CLOSED) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    for (const socket of sockets) if (socket.readyState !== socket.CLOSED) socket.terminate();
    this.connections.clear();
    this.pending.clear();
  }
}
