import { readFileSync } from 'node:fs';
import { mailedLink, type RunningServer } from './server';

// The XSRF pair the server asks of every non-GET call: any value, sent as cookie and header.
const XSRF = { Cookie: 'XSRF-TOKEN=e2e', 'X-XSRF-TOKEN': 'e2e' };

/** Calls the server's API as a player (or anonymously without a token) and returns the JSON answer. */
export async function call(server: RunningServer, method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; json: any }> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...XSRF, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : undefined };
}

/** Registers and activates a player through the API (activation token read from the outbox); returns the session token. */
export async function activatedPlayer(server: RunningServer, login: string, password = 'Secret!234', language: 'en' | 'de' = 'en'): Promise<string> {
  await call(server, 'POST', '/api/auth/register', { language, login, password });
  const link = new URL(mailedLink(server.dataDir, login, 'activate-account', server.url));
  await call(server, 'POST', '/api/auth/activate', { login, password: link.searchParams.get('password') });
  const result = await call(server, 'POST', '/api/auth', { login, password });
  if (!result.json?.token) throw new Error(`login of ${login} failed: ${JSON.stringify(result.json)}`);
  return result.json.token as string;
}

/** The ui's locale texts, so tests find elements by what a player reads. */
export function locale(lang: 'en' | 'de'): any {
  return JSON.parse(readFileSync(new URL(`../../../../packages/ui/src/locales/locale.${lang}.json`, import.meta.url), 'utf8'));
}
