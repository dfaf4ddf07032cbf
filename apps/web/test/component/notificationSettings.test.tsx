// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '@scorecast/api-client';
import { ann, fakeServer, renderApp, sessionRoutes, settings, startEachTestAfresh, storeOf, type Routes } from './renderApp';

// A player switched on "When a game starts" while the server could not save it: the switch stayed
// off with no word why (the failure went to the console only).

startEachTestAfresh();

/** The settings of `player` on a server that offers push, in a browser that has it: taps the switch named. */
async function tapOnSettingsWithPush(player: User, name: string, routes: Routes = {}) {
  vi.stubGlobal('PushManager', class {});
  const server = fakeServer({ ...sessionRoutes({ user: player }), 'GET /api/settings': { body: { ...settings, webpush: { publicKey: 'BPk' } } }, ...routes });
  localStorage.setItem('token', 'session-token');
  renderApp('/settings', { store: storeOf(player) });
  const toggle = await screen.findByRole('switch', { name });
  await waitFor(() => expect((toggle as HTMLInputElement).disabled).toBe(false));
  await userEvent.click(toggle);
  return server;
}

describe('a push switch the server could not save', () => {
  it('stays as it was and says the setting was not saved', async () => {
    const { sentTo } = await tapOnSettingsWithPush({ ...ann, notify: true }, 'When a game starts', { 'POST /api/notification': { status: 503, body: { error: 'databaseUnavailable' } } });
    expect(await screen.findByText('Failed to save the notification setting.')).toBeDefined();
    expect(sentTo('POST /api/notification')).toHaveLength(1);
    expect((screen.getByRole('switch', { name: 'When a game starts' }) as HTMLInputElement).checked).toBe(false);
  });

  // A fresh player had allowed notifications, the browser's sign-up for push failed, and the page
  // said the browser refused them and to allow them in its settings: they were allowed.
  it('says it was not saved when push cannot be set up though the player allowed it', async () => {
    vi.stubGlobal('Notification', { permission: 'granted', requestPermission: () => Promise.resolve('granted') });
    const pushManager = { subscribe: () => Promise.reject(new DOMException('push service not available', 'AbortError')) };
    Object.defineProperty(navigator, 'serviceWorker', { value: { ready: Promise.resolve({ pushManager }) }, configurable: true });
    try {
      await tapOnSettingsWithPush(ann, 'Notifications');
      expect(await screen.findByText('Failed to save the notification setting.')).toBeDefined();
      expect(screen.queryByText(/The browser refused push notifications/)).toBeNull();
    } finally {
      Reflect.deleteProperty(navigator, 'serviceWorker');
    }
  });
});


// A player who had blocked notifications for the site found the main switch as usable as ever after
// a reload; the spec has it disabled while the permission is denied.
describe('the push switch of a browser that blocks notifications', () => {
  it('is disabled and says they are blocked', async () => {
    vi.stubGlobal('PushManager', class {});
    vi.stubGlobal('Notification', { permission: 'denied', requestPermission: () => Promise.resolve('denied') });
    fakeServer({ ...sessionRoutes({ user: ann }), 'GET /api/settings': { body: { ...settings, webpush: { publicKey: 'BPk' } } } });
    localStorage.setItem('token', 'session-token');
    renderApp('/settings', { store: storeOf(ann) });
    const toggle = (await screen.findByRole('switch', { name: 'Notifications' })) as HTMLInputElement;
    await screen.findByText('This browser cannot receive push notifications, or they are blocked.');
    expect(toggle.disabled).toBe(true);
  });
});
