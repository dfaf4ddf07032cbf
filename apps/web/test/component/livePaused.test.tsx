// @vitest-environment happy-dom
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ann, dashboardWithLiveChannel, fakeServer, groupOf, sessionRoutes, startEachTestAfresh } from './renderApp';

// A fan watching a match whose live channel dropped saw a score that no longer moved, with no word
// that it might be behind. The app says so once the channel has been down for five seconds.

startEachTestAfresh();
afterEach(() => vi.useRealTimers());

const group = groupOf('anns-group-0123456789', 'Office league', ann.login);
const PAUSED = /Live updates paused/;

async function dashboardWithChannel() {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
  fakeServer(sessionRoutes({ groups: [group] }));
  const channel = await dashboardWithLiveChannel();
  await screen.findByText('Office league');
  return channel;
}

describe('the live channel down', () => {
  it('says the live updates are paused once the channel has been lost for five seconds, and no more once it is back', async () => {
    const channel = await dashboardWithChannel();
    act(() => channel.onConnectionId?.('connection-1'));
    act(() => channel.onConnectionId?.(undefined));
    await act(() => vi.advanceTimersByTimeAsync(4_000));
    expect(screen.queryByText(PAUSED)).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(screen.getByRole('status').textContent).toMatch(PAUSED);
    // The Office league stays on screen under the line.
    expect(screen.getByText('Office league')).toBeDefined();

    act(() => channel.onConnectionId?.('connection-2'));
    await waitFor(() => expect(screen.queryByText(PAUSED)).toBeNull());
  });

  // A fresh player's phone went offline: for 21 s (until the channel itself noticed) nothing said
  // the schedule and ranking shown might be behind.
  it('says so at once when the browser goes offline, and no more once it is back with the channel up', async () => {
    const channel = await dashboardWithChannel();
    act(() => channel.onConnectionId?.('connection-1'));
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByRole('status').textContent).toMatch(PAUSED);
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(screen.queryByText(PAUSED)).toBeNull());
  });

  it('says nothing of a reconnect within five seconds', async () => {
    const channel = await dashboardWithChannel();
    act(() => channel.onConnectionId?.('connection-1'));
    act(() => channel.onConnectionId?.(undefined));
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    act(() => channel.onConnectionId?.('connection-2'));
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(screen.queryByText(PAUSED)).toBeNull();
  });

  it('says so when the channel never connects', async () => {
    await dashboardWithChannel();
    await act(() => vi.advanceTimersByTimeAsync(6_000));
    expect(screen.getByRole('status').textContent).toMatch(PAUSED);
  });
});
