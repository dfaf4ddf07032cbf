// @vitest-environment happy-dom
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { createI18n } from '@scorecast/ui';
import { RouteError } from '../../src/routes/RouteError';
import { RETRY_FIRST_MS } from '../../src/state/retry';
import { fakeServer, startEachTestAfresh, type Answer } from './renderApp';

// A page tapped while offline could not fetch its code. Back online, it reloaded at once: a phone
// says it is online before its network carries anything, and the reload showed the browser's
// "This site can't be reached" with no way back into the app.

startEachTestAfresh();

// What a proxy answers while the server behind it is down: no body of ours.
const DOWN: Answer = { status: 502 };
const VERSION: Answer = { body: { version: 'test', name: 'Scorecast', language: 'en', serverTime: '2026-06-10T12:00:00Z' } };

let reload: MockInstance<() => void>;
beforeEach(() => {
  reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A server out of reach that answers once `up` is set. */
function serverComingBack() {
  const server = { up: false };
  fakeServer({ 'GET /api/version': () => (server.up ? VERSION : DOWN) });
  return server;
}

function renderRouteError() {
  render(
    <I18nextProvider i18n={createI18n('en', {})}>
      <RouteError />
    </I18nextProvider>,
  );
}

describe('a page that could not open', () => {
  it('back online, reloads only once the server answers, asking again less and less often', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const server = serverComingBack();
    renderRouteError();
    await act(async () => void window.dispatchEvent(new Event('online')));
    expect(reload).not.toHaveBeenCalled();
    await act(async () => void (await vi.advanceTimersByTimeAsync(RETRY_FIRST_MS)));
    expect(reload).not.toHaveBeenCalled();
    server.up = true;
    // Each wait is twice the one before.
    await act(async () => void (await vi.advanceTimersByTimeAsync(RETRY_FIRST_MS)));
    expect(reload).not.toHaveBeenCalled();
    await act(async () => void (await vi.advanceTimersByTimeAsync(RETRY_FIRST_MS)));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('tried again by the player while the server is out of reach, stays in the app', async () => {
    const server = serverComingBack();
    renderRouteError();
    await userEvent.click(screen.getByRole('button', { name: 'app.retry' }));
    expect(reload).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'app.retry' }).hasAttribute('disabled')).toBe(false);
    server.up = true;
    await userEvent.click(screen.getByRole('button', { name: 'app.retry' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
