import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import { ACCOUNT_DELETED_ERROR, liveUpdateSchema, SESSION_ENDED_ERROR, type LiveUpdate } from './contract/live.js';
import { retryDelay as defaultRetryDelay } from './retry-delay.js';
import { defaultTokenStorage, readToken, type TokenStorage } from './token-storage.js';

/** Logged once when the channel cannot be opened, before the first retry (spec section 8). */
export { ACCOUNT_DELETED_ERROR, SESSION_ENDED_ERROR } from './contract/live.js';
export const CANNOT_CONNECT_MESSAGE = 'Websocket connection to the server cannot be established!';
export const CONNECTION_LOST_MESSAGE = 'Websocket connection to the server lost, reconnecting';
/** Why the session is gone: the account was deleted, or the session ended (any other reason). */
export type SessionEnd = 'accountDeleted' | 'sessionEnded';
export const SERVER_TIMEOUT_MS = 30_000;
export const KEEP_ALIVE_INTERVAL_MS = 15_000;

export type LiveLogger = Pick<Console, 'error' | 'warn'>;
export type LiveUpdatesListener = (updates: LiveUpdate[]) => void;

export type LiveChannelOptions = {
  /** Where the server is; the hub is at `/notify` below it. */
  baseUrl: string;
  /** Where the Bearer token is read from on every (re)connect; default localStorage. */
  tokenStorage?: TokenStorage;
  /** Gets every `notify` push as an array of valid items, one push at a time. */
  onUpdates?: LiveUpdatesListener;
  /** Gets the id after every connect and reconnect, and undefined when the connection is lost. */
  onConnectionId?: (connectionId: string | undefined) => void;
  /**
   * Called once when the session is gone: the server closed with {@link SESSION_ENDED_ERROR} or
   * {@link ACCOUNT_DELETED_ERROR}, or a (re)connect failed and `sessionHolds` says the token is
   * refused. The channel stops for good.
   */
  onSessionEnded?: (why: SessionEnd) => void;
  /**
   * Asked after a failed (re)connect whether the token is still accepted (false for a 401): a
   * browser never sees the status of a refused WebSocket, so only an HTTP call can tell.
   */
  sessionHolds?: () => Promise<boolean>;
  logger?: LiveLogger;
  /** Milliseconds to wait before retry number `attempt`; default {@link defaultRetryDelay} (1 s doubling to 32 s, jittered). */
  retryDelay?: (attempt: number) => number;
};

export type LiveChannel = {
  /** Connects, retrying until it succeeds; resolves once connected (or stopped). */
  start(): Promise<void>;
  /** Disconnects and stops every retry. */
  stop(): Promise<void>;
  /** Adds a listener of live updates; returns its removal. */
  subscribe(listener: LiveUpdatesListener): () => void;
  /** The current connection id, while connected. */
  readonly connectionId: string | undefined;
};

function hubUrlOf(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/notify`;
}

/**
 * Creates the live channel: the SignalR JSON hub protocol over a WebSocket at `/notify`, without
 * negotiation. After every connect and reconnect it asks the server for its connection id (the id
 * changes on reconnect), so HTTP calls can carry it as X-Connection-Id and are not echoed back.
 *
 * @example
 * const live = createLiveChannel({
 *   baseUrl: '/',
 *   onUpdates: (updates) => store.set(mergeLiveUpdatesAtom, updates),
 *   onConnectionId: (id) => api.setConnectionId(id),
 * });
 * void live.start();
 */
export function createLiveChannel(options: LiveChannelOptions): LiveChannel {
  const tokenStorage = options.tokenStorage ?? defaultTokenStorage();
  const logger = options.logger ?? console;
  const retryDelay = options.retryDelay ?? ((attempt: number) => defaultRetryDelay(attempt));
  const listeners = new Set<LiveUpdatesListener>(options.onUpdates ? [options.onUpdates] : []);
  let connectionId: string | undefined;
  let stopped = true;
  let cancelWait: (() => void) | undefined;

  const connection: HubConnection = new HubConnectionBuilder()
    .withUrl(hubUrlOf(options.baseUrl), {
      skipNegotiation: true,
      transport: HttpTransportType.WebSockets,
      accessTokenFactory: () => readToken(tokenStorage) ?? '',
    })
    .withAutomaticReconnect({
      nextRetryDelayInMilliseconds: ({ previousRetryCount }) => {
        if (previousRetryCount > 0) void checkSession();
        return retryDelay(previousRetryCount);
      },
    })
    .withServerTimeout(SERVER_TIMEOUT_MS)
    .withKeepAliveInterval(KEEP_ALIVE_INTERVAL_MS)
    // Our own messages say what the spec asks; the library's would repeat them on the console.
    .configureLogging(LogLevel.None)
    .build();

  function setConnectionId(id: string | undefined): void {
    connectionId = id;
    options.onConnectionId?.(id);
  }

  async function announceConnectionId(): Promise<void> {
    try {
      setConnectionId(await connection.invoke<string>('getConnectionId'));
    } catch (error) {
      logger.warn('The live channel did not tell its connection id', error);
    }
  }

  /** Stops for good and tells the app, which logs the player out. */
  function endSession(why: SessionEnd): void {
    if (stopped) return;
    stopped = true;
    cancelWait?.();
    void connection.stop();
    options.onSessionEnded?.(why);
  }

  async function checkSession(): Promise<void> {
    if (!options.sessionHolds || stopped) return;
    if (!(await options.sessionHolds().catch(() => true))) endSession('sessionEnded');
  }

  function deliver(argument: unknown): void {
    const items = Array.isArray(argument) ? argument : [argument];
    const updates: LiveUpdate[] = [];
    for (const item of items) {
      const parsed = liveUpdateSchema.safeParse(item);
      if (parsed.success) updates.push(parsed.data);
      else logger.warn('Ignored a live update that does not match the contract', parsed.error.issues);
    }
    if (updates.length === 0) return;
    for (const listener of listeners) listener(updates);
  }

  function wait(milliseconds: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, milliseconds);
      cancelWait = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  // The automatic reconnect covers a lost connection; this loop covers the first connect and a close for good.
  async function connectLoop(waitFirst: boolean): Promise<void> {
    let attempt = 0;
    let reported = false;
    if (waitFirst) await wait(retryDelay(attempt++));
    while (!stopped) {
      try {
        await connection.start();
        if (stopped) return;
        await announceConnectionId();
        return;
      } catch (error) {
        if (stopped) return;
        if (!reported) logger.error(CANNOT_CONNECT_MESSAGE, error);
        reported = true;
        await checkSession();
        if (stopped) return;
        await wait(retryDelay(attempt++));
      }
    }
  }

  connection.on('notify', deliver);
  connection.onreconnecting((error) => {
    logger.warn(CONNECTION_LOST_MESSAGE, error);
    setConnectionId(undefined);
  });
  connection.onreconnected(() => void announceConnectionId());
  connection.onclose((error) => {
    if (connectionId !== undefined) setConnectionId(undefined);
    if (stopped) return;
    if (error?.message.endsWith(SESSION_ENDED_ERROR)) return endSession('sessionEnded');
    if (error?.message.endsWith(ACCOUNT_DELETED_ERROR)) return endSession('accountDeleted');
    logger.warn(CONNECTION_LOST_MESSAGE, error);
    void connectLoop(true);
  });

  return {
    start() {
      if (!stopped) return Promise.resolve();
      stopped = false;
      return connectLoop(false);
    },
    async stop() {
      stopped = true;
      cancelWait?.();
      await connection.stop();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    get connectionId() {
      return connectionId;
    },
  };
}
