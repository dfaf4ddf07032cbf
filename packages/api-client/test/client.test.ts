import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  TOKEN_KEY,
  createApiClient,
  createMemoryTokenStorage,
  isApiError,
  isGroupFullError,
  isMailUnavailableError,
  isResponseValidationError,
  isUnauthorizedError,
  type ApiClient,
  type TokenStorage,
} from '../src/index.js';
import { startApiServer, type ApiServer, type RecordedRequest, type Reply } from './support/api-server.js';
import { GROUP_ID, game, group, user } from './fixtures.js';

let server: ApiServer;
let replies: Record<string, Reply>;
let storage: TokenStorage;
let cookies: string;
let api: ApiClient;

const replyTo = (request: RecordedRequest): Reply => replies[`${request.method} ${request.url}`] ?? { body: {} };
const lastRequest = (): RecordedRequest => server.requests.at(-1)!;

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.unreachable('the call should have failed'),
    (error: unknown) => error,
  );
}

beforeEach(async () => {
  replies = {};
  server = await startApiServer(replyTo);
  storage = createMemoryTokenStorage([[TOKEN_KEY, 'stored-token']]);
  cookies = 'theme=dark; XSRF-TOKEN=xsrf%2Fvalue; other=1';
  api = createApiClient({ baseUrl: server.url, tokenStorage: storage, readCookies: () => cookies });
});

afterEach(() => server.close());

describe('session headers', () => {
  it('sends the stored token as a Bearer token on every call', async () => {
    replies['GET /api/games'] = { body: [game] };
    replies['POST /api/prediction/7'] = { body: { homeGoals: 2, awayGoals: 1 } };
    await api.games();
    await api.savePrediction({ gameId: 7 }, { homeGoals: 2, awayGoals: 1 });
    expect(server.requests.map((request) => request.headers.authorization)).toEqual(['Bearer stored-token', 'Bearer stored-token']);
  });

  it('sends no Authorization header without a stored token', async () => {
    storage.removeItem(TOKEN_KEY);
    await api.unsubscribe({ email: 'ada@example.com', token: 'link-token' });
    expect(lastRequest().headers.authorization).toBeUndefined();
  });

  it('reads the token at each call, so a new token is used at once', async () => {
    storage.setItem(TOKEN_KEY, 'newer-token');
    await api.logout();
    expect(lastRequest().headers.authorization).toBe('Bearer newer-token');
  });

  it('uses a per-call token instead of the stored one (the credential check before a password change)', async () => {
    replies['POST /api/auth/password/change'] = { body: { status: 'Successful' } };
    await api.changePassword({ password: 'cipher' }, { token: 'check-token' });
    expect(lastRequest().headers.authorization).toBe('Bearer check-token');
  });

  it('sends X-Connection-Id only once the live channel has reported an id', async () => {
    await api.logout();
    api.setConnectionId('connection-9');
    await api.deleteGroup({ id: GROUP_ID });
    api.setConnectionId(undefined);
    await api.leaveGroup({ id: GROUP_ID });
    expect(server.requests.map((request) => request.headers['x-connection-id'])).toEqual([undefined, 'connection-9', undefined]);
  });

  it('copies the XSRF-TOKEN cookie into X-XSRF-TOKEN on non-GET calls only', async () => {
    replies['GET /api/groups'] = { body: [group] };
    await api.groups();
    await api.deleteGroup({ id: GROUP_ID });
    await api.announceInvitation({ invitation: GROUP_ID });
    expect(server.requests.map((request) => request.headers['x-xsrf-token'])).toEqual([undefined, 'xsrf/value', 'xsrf/value']);
  });

  it('sends no X-XSRF-TOKEN when there is no such cookie', async () => {
    cookies = 'theme=dark';
    await api.deleteAccount();
    expect(lastRequest().headers['x-xsrf-token']).toBeUndefined();
  });

  it('keeps token, connection id and XSRF value away from other origins', async () => {
    const elsewhere = await startApiServer();
    try {
      api.setConnectionId('connection-9');
      await api.http.post(`${elsewhere.url}/collect`, { json: {} });
      const { headers } = elsewhere.requests[0]!;
      expect([headers.authorization, headers['x-connection-id'], headers['x-xsrf-token']]).toEqual([undefined, undefined, undefined]);
    } finally {
      await elsewhere.close();
    }
  });
});

describe('the calls of the routes table', () => {
  it('fills and encodes path parameters and sends the body as JSON', async () => {
    replies['POST /api/prediction/7'] = { body: { homeGoals: 2, awayGoals: 1 } };
    const saved = await api.savePrediction({ gameId: 7 }, { homeGoals: 2, awayGoals: 1 });
    expect(saved).toEqual({ homeGoals: 2, awayGoals: 1 });
    expect(lastRequest()).toMatchObject({ method: 'POST', url: '/api/prediction/7', body: { homeGoals: 2, awayGoals: 1 } });
    replies['POST /api/payment/paypal/capture/A%20B%2FC'] = { body: { message: 'paid' } };
    await api.capturePaypalOrder({ orderID: 'A B/C' }, { language: 'de' });
    expect(lastRequest()).toMatchObject({ method: 'POST', url: '/api/payment/paypal/capture/A%20B%2FC', body: { language: 'de' } });
  });

  it('uses each route’s method', async () => {
    await api.deleteGroup({ id: GROUP_ID });
    await api.leaveGroup({ id: GROUP_ID });
    await api.logout();
    expect(server.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      `DELETE /api/groups/${GROUP_ID}`,
      `POST /api/groups/${GROUP_ID}/leave`,
      'GET /api/auth/logout',
    ]);
  });

  it('answers with the validated body', async () => {
    replies['GET /api/games'] = { body: [game] };
    replies['GET /api/groups'] = { body: [group] };
    expect(await api.games()).toEqual([game]);
    expect(await api.groups()).toEqual([group]);
  });

  it('takes an empty answer of a call whose answer is not shown as an empty object', async () => {
    replies[`DELETE /api/groups/${GROUP_ID}`] = { status: 204 };
    expect(await api.deleteGroup({ id: GROUP_ID })).toEqual({});
  });

  it('keeps the path of a base URL that has one', async () => {
    const nested = createApiClient({ baseUrl: `${server.url}/scorecast/`, tokenStorage: storage });
    await nested.logout();
    expect(lastRequest().url).toBe('/scorecast/api/auth/logout');
  });

  it('refuses a relative base URL outside a browser', () => {
    expect(() => createApiClient({ baseUrl: '/', tokenStorage: storage })).toThrow(TypeError);
  });
});

describe('the token in local storage', () => {
  it('stores the token of the auth check', async () => {
    replies['GET /api/auth'] = { body: { user, token: 'fresh-token' } };
    await api.auth();
    expect(storage.getItem(TOKEN_KEY)).toBe('fresh-token');
  });

  it('stores the token of a login but not of a credential check', async () => {
    replies['POST /api/auth'] = { body: { status: 'Successful', token: 'check-token', user } };
    await api.login({ login: 'ada@example.com', password: 'cipher', onlyCheckCredentials: true });
    expect(storage.getItem(TOKEN_KEY)).toBe('stored-token');
    replies['POST /api/auth'] = { body: { status: 'Successful', token: 'login-token', user } };
    await api.login({ login: 'ada@example.com', password: 'cipher' });
    expect(storage.getItem(TOKEN_KEY)).toBe('login-token');
  });

  it('removes the token on logout, even when the server fails', async () => {
    replies['GET /api/auth/logout'] = { status: 500, body: { error: 'down' } };
    await rejectionOf(api.logout());
    expect(storage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('removes the token once the account is deleted', async () => {
    await api.deleteAccount();
    expect(storage.getItem(TOKEN_KEY)).toBeNull();
  });
});

describe('errors', () => {
  it('tells a full group (HTTP 402 on accept-invitation) apart', async () => {
    replies['POST /api/groups/accept-invitation'] = { status: 402, body: { error: 'groupFull' } };
    const error = await rejectionOf(api.acceptInvitation({ groupId: GROUP_ID, playerName: 'Ada' }));
    expect(isGroupFullError(error)).toBe(true);
    expect(error).toMatchObject({ status: 402, route: 'acceptInvitation', body: { error: 'groupFull' } });
  });

  it('does not take other failures of accept-invitation, or a 402 elsewhere, for a full group', async () => {
    replies['POST /api/groups/accept-invitation'] = { status: 404, body: { error: 'groupNotFound' } };
    replies['POST /api/payment/paypal/create'] = { status: 402, body: { error: 'paymentRequired' } };
    const notFound = await rejectionOf(api.acceptInvitation({ groupId: GROUP_ID, playerName: 'Ada' }));
    const payment = await rejectionOf(api.createPaypalOrder({ groupId: GROUP_ID, paymentOption: 'tip_group_10_to_20' }));
    expect([isApiError(notFound), isGroupFullError(notFound), isGroupFullError(payment)]).toEqual([true, false, false]);
  });

  it('carries the theme to revert to from a failed theme change', async () => {
    replies['POST /api/players/theme'] = { status: 500, body: { error: 'failedToSetTheme', theme: 'Dark' } };
    const error = await rejectionOf(api.setTheme({ theme: 'Light' }));
    expect(isApiError(error) && error.body?.theme).toBe('Dark');
  });

  it('carries the language to revert to from a failed language change', async () => {
    replies['POST /api/players/language'] = { status: 400, body: { error: 'failedToSetLanguage', language: 'de' } };
    const error = await rejectionOf(api.setLanguage({ language: 'en' }));
    expect(isApiError(error) && error.body?.language).toBe('de');
  });

  it('keeps the status but no body when the error answer is not the contract’s error shape', async () => {
    replies['GET /api/settings'] = { status: 502, rawBody: '<html>Bad gateway</html>' };
    const error = await rejectionOf(api.settings());
    expect(error).toMatchObject({ name: 'ApiError', status: 502, body: undefined });
  });

  it('tells a mail that cannot go now (HTTP 503 mailUnavailable) apart from a server out of reach', async () => {
    replies['POST /api/auth/register'] = { status: 503, body: { error: 'mailUnavailable' } };
    replies['POST /api/auth/password/reset/email'] = { status: 503, body: { error: 'databaseUnavailable' } };
    const mail = await rejectionOf(api.register({ language: 'en', login: 'ada@example.com', password: 'x' }));
    const database = await rejectionOf(api.requestPasswordReset({ login: 'ada@example.com' }));
    expect([isMailUnavailableError(mail), isMailUnavailableError(database), isApiError(database)]).toEqual([true, false, true]);
  });

  it('marks a 401 as unauthorized', async () => {
    replies['GET /api/auth'] = { status: 401, body: { error: 'unauthorized' } };
    expect(isUnauthorizedError(await rejectionOf(api.auth()))).toBe(true);
  });

  it('gives a validation error, with the path of the problem, when an answer breaks its schema', async () => {
    replies['GET /api/games'] = { body: [{ ...game, stage: 'Quarter' }] };
    const error = await rejectionOf(api.games());
    expect(isResponseValidationError(error)).toBe(true);
    expect(isResponseValidationError(error) && error.issues.map((issue) => issue.path)).toEqual([[0, 'stage']]);
    expect(error).toMatchObject({ route: 'games' });
  });

  it('gives a validation error when a success answer is not JSON', async () => {
    replies['GET /api/version'] = { rawBody: 'It works!' };
    const error = await rejectionOf(api.version());
    expect(isResponseValidationError(error) && error.body).toBe('It works!');
  });
});
