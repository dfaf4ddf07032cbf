import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as passwords from '../src/passwords.js';
import { Browser, PASSWORD, signUp, startTestServer, wire, type TestServer } from './support/server.js';

vi.mock('../src/passwords.js', async (importOriginal) => {
  const actual = await importOriginal<typeof passwords>();
  return { ...actual, passwordMatches: vi.fn(actual.passwordMatches) };
});

// Asking for the activation mail again answered an unknown address ten times sooner than a known
// one (a fresh attacker's timing): whether an address has an account showed in the time alone.
describe('an activation mail asked for again', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
    await signUp(server, 'ann@example.com');
  });
  afterAll(async () => server?.close());

  it('checks the password for an unknown address as for a known one, and answers the same', async () => {
    const stranger = new Browser(server.app);
    const checks = () => vi.mocked(passwords.passwordMatches).mock.calls.length;
    const ask = async (login: string) => {
      const before = checks();
      const answer = await stranger.json('POST', '/api/auth/register/sendmail', { login, password: await wire(`${PASSWORD}x`) });
      return { answer, checks: checks() - before };
    };
    expect(await ask('ann@example.com')).toEqual({ answer: { status: 'Failed' }, checks: 1 });
    expect(await ask('nobody@example.com')).toEqual({ answer: { status: 'Failed' }, checks: 1 });
  });
});
