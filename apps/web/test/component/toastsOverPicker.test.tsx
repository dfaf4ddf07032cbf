// @vitest-environment happy-dom
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ann, dashboardWithLiveChannel, fakeServer, gameOf, groupOf, onAPhone, sessionRoutes, startEachTestAfresh } from './renderApp';

// A fresh player on a phone predicted the next game while another was live: a goal's toast lay over
// the full-screen score picker for 8.5 s, and its × was outside the picker's keyboard loop.

startEachTestAfresh();

/** A game live (1) and the next (2) with its phone picker open: the live channel's handle. */
async function pickerOpenWhileAGameIsLive() {
  const live = gameOf(1, 'Group', 'Live', 11);
  const next = gameOf(2, 'Group', 'Scheduled', 12);
  fakeServer({
    ...sessionRoutes({ groups: [groupOf('anns-group-0123456789', 'Office league', ann.login)], games: [live, next] }),
    'GET /api/version': { body: { version: 'test', name: 'Scorecast', language: 'en', serverTime: '2026-06-11T20:00:00Z' } },
  });
  const given = await dashboardWithLiveChannel();
  await userEvent.click((await screen.findAllByRole('textbox')).at(-1)!);
  return given;
}

describe('a live toast while the phone picker is open', () => {
  onAPhone();

  it('waits until the picker closes, then shows', async () => {
    const given = await pickerOpenWhileAGameIsLive();
    const done = await screen.findByRole('button', { name: 'Done' });
    act(() => given.onUpdates?.([{ entity: 'Game', id: 1, homeGoals: 2, awayGoals: 0 } as never]));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText('New score: Germany 2:0 Spain')).toBeNull();
    await userEvent.click(done);
    await waitFor(() => expect(screen.getByText('New score: Germany 2:0 Spain')).toBeDefined());
  });

  // The picker closed by itself at its game's kickoff, and the page showed no live message after it.
  it("lets them show once the picker closed by itself at its game's kickoff", async () => {
    const given = await pickerOpenWhileAGameIsLive();
    await screen.findByRole('button', { name: 'Done' });
    act(() => given.onUpdates?.([{ entity: 'Game', id: 2, status: 'Live', homeGoals: 0, awayGoals: 0 } as never]));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Done' })).toBeNull());
    act(() => given.onUpdates?.([{ entity: 'Game', id: 1, homeGoals: 2, awayGoals: 0 } as never]));
    await waitFor(() => expect(screen.getByText('New score: Germany 2:0 Spain')).toBeDefined());
  });
});
