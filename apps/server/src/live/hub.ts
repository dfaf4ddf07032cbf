import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';

/** The SignalR record separator: every JSON record ends with it. */
const SEPARATOR = '\x1e';

/** One record as it goes on the wire. */
export const record = (message: unknown): string => JSON.stringify(message) + SEPARATOR;

/** A `notify` push carrying the items as one array argument. */
export const notifyRecord = (items: readonly unknown[]): string => record({ type: 1, target: 'notify', arguments: [items] });

const [NOTIFY_START, COMMA, NOTIFY_END] = ['{"type":1,"target":"notify","arguments":[[', ',', `]]}${SEPARATOR}`].map((text) => Buffer.from(text));

/** The same push from items already serialized to JSON bytes (each written once for many connections). */
export const notifyRecordOfJson = (items: readonly Buffer[]): Buffer =>
  Buffer.concat([NOTIFY_START!, ...items.flatMap((item, at) => (at === 0 ? [item] : [COMMA!, item])), NOTIFY_END!]);

/** How long an upgraded socket may stay silent before its handshake (live-channel.md). */
const HANDSHAKE_MS = 15_000;

/** Timers and limits of the hub; tests scale the timers down. */
export type HubOptions = {
  /** Ping when nothing was sent for this long (default 15 s). */
  keepAliveMs?: number;
  /** Drop a client silent for longer than this (default 30 s); the handshake is awaited 15 s at most. */
  timeoutMs?: number;
  /** Drop a socket whose unsent bytes pass this (default 1 MiB). */
  maxBufferedBytes?: number;
  /** Told of an error thrown while handling one client's frames or a timer (that client is cut off). */
  log?: (error: unknown) => void;
};

/** Who is behind a connection: a logged-in user (and the hash of their session's token), or nobody (Game items only). */
export type Listener = { userId: number; login: string; session: string } | undefined;

/** One live connection after its handshake. */
export type LiveConnection = { id: string; listener: Listener; socket: WebSocket; lastSent: number; lastReceived: number };

export const MAX_RECORD_CHARS = 64 * 1024;
/**
 * Records one connection may send in a window: the app sends a ping every 15 s and a few
 * invocations. A fresh attacker's four connections sending thousands a second slowed every page.
 */
export const MAX_RECORDS_PER_WINDOW = 200;
/**
 * Bytes one connection may send in a window: the app's records are tens of bytes. Valid pings of
 * 60 KB, within the limits of records and of their size, kept a core parsing for an attacker.
 */
export const MAX_BYTES_PER_WINDOW = 64 * 1024;
const RECORD_WINDOW_MS = 10_000;

/** The record's JSON object, or `undefined` when it is not one. */
function objectOf(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The connection registry: handshake, invocations, keep-alive, timeouts, sends and shutdown.
 * It knows nothing of Fastify nor of the game; the router decides what goes to whom.
 */
export class Hub {
  readonly connections = new Map<string, LiveConnection>();
  /** Upgraded sockets before their handshake, with who they were opened for (refused once that session ended). */
  private readonly pending = new Map<WebSocket, { listener: Listener | 'refused' }>();
  private readonly keepAliveMs: number;
  private readonly timeoutMs: number;
  private readonly maxBufferedBytes: number;
  private readonly timer: NodeJS.Timeout;
  #stopping = false;

  /** Whether it is shutting down: a new connection would outlast it. */
  get stopping(): boolean {
    return this.#stopping;
  }
  private readonly beatMs: number;
  private lastBeat = Date.now();

  constructor(private readonly options: HubOptions = {}) {
    this.keepAliveMs = options.keepAliveMs ?? 15_000;
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.maxBufferedBytes = options.maxBufferedBytes ?? 1024 * 1024;
    this.beatMs = Math.max(10, Math.min(this.keepAliveMs, this.timeoutMs) / 3);
    this.timer = setInterval(() => {
      try {
        this.heartbeat();
      } catch (error) {
        options.log?.(error);
      }
    }, this.beatMs);
    this.timer.unref();
  }

  /** Takes a freshly upgraded socket; it counts as connected once its handshake is valid. A refused token is told in the handshake. */
  accept(socket: WebSocket, listener: Listener | 'refused'): void {
    let connection: LiveConnection | undefined;
    // A client may pack several records in one frame or split one across frames: the unfinished one waits here.
    let tail = '';
    let sent = { since: Date.now(), records: 0, bytes: 0 };
    const caller = { listener };
    this.pending.set(socket, caller);
    const handshakeTimer = setTimeout(() => !connection && socket.terminate(), Math.min(HANDSHAKE_MS, this.timeoutMs));
    handshakeTimer.unref();
    socket.on('message', (data, isBinary) => {
      try {
        if (isBinary) return this.reject(socket, connection, 'Binary frames are not supported.');
        // Text frames arrive as one Buffer; ws types them with the fragment and ArrayBuffer forms too.
        const frame = data as Buffer;
        const records = (tail + frame.toString()).split(SEPARATOR);
        tail = records.pop()!;
        if (tail.length > MAX_RECORD_CHARS || records.some((text) => text.length > MAX_RECORD_CHARS)) return this.reject(socket, connection, 'The record is too large.');
        if (Date.now() - sent.since > RECORD_WINDOW_MS) sent = { since: Date.now(), records: 0, bytes: 0 };
        // Counted before any record is parsed.
        sent.bytes += frame.length;
        if (sent.bytes > MAX_BYTES_PER_WINDOW) return this.reject(socket, connection, 'Too much data.');
        sent.records += records.length;
        if (sent.records > MAX_RECORDS_PER_WINDOW) return this.reject(socket, connection, 'Too many messages.');
        for (const message of records.filter(Boolean).map(objectOf)) {
          if (!connection) {
            clearTimeout(handshakeTimer);
            this.pending.delete(socket);
            if (caller.listener === 'refused') return this.reject(socket, connection, 'Unauthorized');
            if (message?.protocol !== 'json' || message.version !== 1) return this.reject(socket, connection, 'The handshake must be {"protocol":"json","version":1}.');
            connection = { id: randomUUID(), listener: caller.listener, socket, lastSent: Date.now(), lastReceived: Date.now() };
            this.connections.set(connection.id, connection);
            this.send(connection, record({}));
            continue;
          }
          if (typeof message?.type !== 'number') return this.reject(socket, connection, 'Every message must be a JSON object with a numeric type.');
          connection.lastReceived = Date.now();
          this.answer(connection, message);
          if (socket.readyState !== socket.OPEN) return;
        }
      } catch (error) {
        // Whatever a client sends may end its own connection, never the process.
        this.options.log?.(error);
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

  private answer(connection: LiveConnection, { type, target, invocationId }: Record<string, unknown>): void {
    if (type === 6) return;
    if (type === 7) return connection.socket.close();
    // Only invocations ask for an answer: a client's stream item, completion or cancel asks for none.
    if (type !== 1 && type !== 4) return;
    // Without an id an invocation wants no answer; an id that is no string breaks the protocol.
    if (invocationId === undefined) return;
    if (typeof invocationId !== 'string') return this.reject(connection.socket, connection, 'An invocationId must be a string.');
    const complete = (outcome: { result: string } | { error: string }) => this.send(connection, record({ type: 3, invocationId, ...outcome }));
    if (type === 1 && typeof target === 'string' && target.toLowerCase() === 'getconnectionid') return void complete({ result: connection.id });
    const method = typeof target === 'string' ? `'${target.slice(0, 100)}'` : 'without a name';
    complete({ error: type === 1 ? `Unknown hub method ${method}` : 'Streaming is not supported.' });
  }

  /**
   * Sends one record, as text or as its UTF-8 bytes (always in a text frame): a broadcast encodes its
   * record once and hands the same bytes to every socket. A socket too far behind is dropped instead.
   * Says whether the record left (for the count of items pushed).
   */
  send(connection: LiveConnection, data: string | Buffer): boolean {
    const { socket } = connection;
    if (socket.readyState !== socket.OPEN) return false;
    if (socket.bufferedAmount > this.maxBufferedBytes) {
      this.connections.delete(connection.id);
      socket.terminate();
      return false;
    }
    connection.lastSent = Date.now();
    socket.send(data, { binary: false });
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

  /**
   * Refuses the handshake of sockets opened for a session that ended before they shook hands: the
   * close of the session's connections would miss them, and they would go on as if logged in.
   */
  refusePending(isEnded: (listener: NonNullable<Listener>) => boolean): void {
    for (const caller of this.pending.values()) {
      if (caller.listener && caller.listener !== 'refused' && isEnded(caller.listener)) caller.listener = 'refused';
    }
  }

  /** Sends a socket's client away to come back and reload: closed with allowReconnect once it shook hands, cut off before (a rare failure: the scan is fine). */
  sendAway(socket: WebSocket): void {
    const connection = [...this.connections.values()].find((each) => each.socket === socket);
    if (connection) this.close(connection, { allowReconnect: true });
    else socket.terminate();
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
        this.send(connection, record({ type: 6 }));
      }
    }
  }

  /** Asks every client to reconnect elsewhere, waits up to `graceMs`, then cuts the rest. */
  async shutdown(graceMs = 2_000): Promise<void> {
    this.#stopping = true;
    clearInterval(this.timer);
    const sockets = [...[...this.connections.values()].map((c) => c.socket), ...this.pending.keys()];
    for (const connection of [...this.connections.values()]) this.close(connection, { allowReconnect: true });
    for (const socket of this.pending.keys()) socket.close(1000);
    const deadline = Date.now() + graceMs;
    while (sockets.some((s) => s.readyState !== s.CLOSED) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    for (const socket of sockets) if (socket.readyState !== socket.CLOSED) socket.terminate();
    this.connections.clear();
    this.pending.clear();
  }
}
