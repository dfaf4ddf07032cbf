import kyModule, { isHTTPError, type KyInstance } from 'ky';
import type * as z from 'zod/mini';
import { routes, type RequestOf, type ResponseOf, type RouteName, type Routes } from './contract/routes.js';
import { ApiError, ResponseValidationError, errorBodyOf } from './errors.js';
import { addSessionHeaders } from './request-headers.js';
import { TOKEN_KEY, defaultTokenStorage, type TokenStorage } from './token-storage.js';

// ky is ESM only: a CommonJS build reaches it through require(esm) (Node 20.19+), where the bundler's
// interop nests the default export one level deeper.
const ky: KyInstance = (kyModule as KyInstance & { default?: KyInstance }).default ?? kyModule;

/**
 * Milliseconds before a call gives up by default. A server answers sooner, even held up by its
 * database (it says so with a 503 to try again).
 * @example
 * REQUEST_TIMEOUT_MS // => 10_000
 */
export const REQUEST_TIMEOUT_MS = 10_000;

/** The `:name` parts of a route path, as an object of their values. */
type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string | number } & PathParams<Rest>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string | number }
    : object;
/** One flat object type instead of an intersection of one per parameter, as a reader expects it. */
type Flat<T> = { [K in keyof T]: T[K] };
export type ParamsOf<N extends RouteName> = Flat<PathParams<Routes[N]['path']>>;

/** Per call: a token other than the stored one (the credential check's token for a password change), or an abort signal. */
export type CallOptions = { token?: string; signal?: AbortSignal };

/** A call's arguments: its path parameters if it has any, its body if it has one, then options. */
export type CallArguments<N extends RouteName> = [
  ...(keyof ParamsOf<N> extends never ? [] : [params: ParamsOf<N>]),
  ...(Routes[N] extends { body: z.ZodMiniType } ? [body: RequestOf<N>] : []),
  options?: CallOptions,
];

/** One typed function per call of the `routes` table. */
export type ApiCalls = { [N in RouteName]: (...args: CallArguments<N>) => Promise<ResponseOf<N>> };

export type ApiClient = ApiCalls & {
  /** Sets (or with undefined clears) the live channel's connection id sent as X-Connection-Id. */
  setConnectionId(connectionId: string | undefined): void;
  readonly tokenStorage: TokenStorage;
  /** The underlying ky instance, with the same headers, for requests the routes table does not list. */
  readonly http: KyInstance;
};

export type ApiClientOptions = {
  /** Where the server is: an absolute URL, or a path resolved against the page in a browser (`'/'`). */
  baseUrl: string;
  /** Where the Bearer token is kept; default localStorage (in memory outside a browser). */
  tokenStorage?: TokenStorage;
  /** The cookies to read XSRF-TOKEN from; default `document.cookie`. */
  readCookies?: () => string;
  /** Milliseconds before a call gives up; default {@link REQUEST_TIMEOUT_MS}. */
  timeout?: number;
  /** How often a failing GET is retried by ky; default 0. */
  retry?: number;
  fetch?: typeof globalThis.fetch;
};

function originOf(baseUrl: string): string {
  try {
    return new URL(baseUrl || '/', globalThis.location?.href).origin;
  } catch {
    throw new TypeError(`createApiClient: baseUrl '${baseUrl}' must be an absolute URL outside a browser`);
  }
}

function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new TypeError(`missing path parameter '${name}' for ${path}`);
    return encodeURIComponent(String(value));
  });
}

function parseAnswer(name: RouteName, text: string): unknown {
  // Calls whose answer is not shown may come back empty (204): that is an empty object.
  if (text === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new ResponseValidationError(name, [{ path: [], message: 'the answer is not JSON', code: 'invalid_json' }], text);
  }
}

/**
 * Creates the typed client of every call of the spec (section 7), driven by the `routes` table: the
 * request goes out with the session headers, the answer comes back validated against its schema.
 * `auth` and `login` store the token they receive (not a credential check's), `logout` and
 * `deleteAccount` remove it.
 *
 * @example
 * const api = createApiClient({ baseUrl: '/' });
 * const [settings, groups, games] = await Promise.all([api.settings(), api.groups(), api.games()]);
 * await api.savePrediction({ gameId: 7 }, { homeGoals: 2, awayGoals: 1 });
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const tokenStorage = options.tokenStorage ?? defaultTokenStorage();
  const readCookies = options.readCookies ?? (() => globalThis.document?.cookie ?? '');
  const apiOrigin = originOf(options.baseUrl);
  let connectionId: string | undefined;

  const http = ky.create({
    // With a trailing slash on the base and none on the route path, a base path (`/scorecast/`) is kept
    // and an absolute URL given to `http` goes where it says.
    baseUrl: `${options.baseUrl.replace(/\/+$/, '')}/`,
    timeout: options.timeout ?? REQUEST_TIMEOUT_MS,
    retry: options.retry ?? 0,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    hooks: {
      beforeRequest: [
        ({ request }) => {
          // The session never leaves for another origin: only our own server gets token, id and XSRF value.
          if (new URL(request.url).origin !== apiOrigin) return;
          addSessionHeaders(request, { tokenStorage, readCookies, connectionId: () => connectionId });
        },
      ],
    },
  });

  async function call(name: RouteName, args: unknown[]): Promise<unknown> {
    const route: Routes[RouteName] = routes[name];
    const queue = [...args];
    const params = route.path.includes(':') ? (queue.shift() as Record<string, string | number>) : undefined;
    const body = 'body' in route ? queue.shift() : undefined;
    const callOptions = queue.shift() as CallOptions | undefined;
    let text: string;
    try {
      const response = await http(fillPath(route.path, params).slice(1), {
        method: route.method,
        ...(body === undefined ? {} : { json: body }),
        ...(callOptions?.token ? { headers: { Authorization: `Bearer ${callOptions.token}` } } : {}),
        ...(callOptions?.signal ? { signal: callOptions.signal } : {}),
      });
      text = await response.text();
    } catch (error) {
      if (isHTTPError(error)) throw new ApiError(name, error.response.status, errorBodyOf(error.data));
      throw error;
    }
    const answer = parseAnswer(name, text);
    const parsed = route.response.safeParse(answer);
    if (!parsed.success) throw new ResponseValidationError(name, parsed.error.issues, answer);
    rememberSession(name, body, parsed.data);
    return parsed.data;
  }

  function rememberSession(name: RouteName, body: unknown, answer: unknown): void {
    const token = (answer as { token?: unknown }).token;
    const isCheckOnly = (body as { onlyCheckCredentials?: boolean } | undefined)?.onlyCheckCredentials === true;
    if ((name === 'auth' || name === 'login') && typeof token === 'string' && token && !isCheckOnly) tokenStorage.setItem(TOKEN_KEY, token);
    if (name === 'deleteAccount') tokenStorage.removeItem(TOKEN_KEY);
  }

  const calls = Object.fromEntries(
    (Object.keys(routes) as RouteName[]).map((name) => [
      name,
      name === 'logout'
        ? // Logging out ends the session here even when the server cannot be reached.
          (...args: unknown[]) => call(name, args).finally(() => tokenStorage.removeItem(TOKEN_KEY))
        : (...args: unknown[]) => call(name, args),
    ]),
  ) as unknown as ApiCalls;

  return {
    ...calls,
    setConnectionId: (id) => void (connectionId = id),
    tokenStorage,
    http,
  };
}
