// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Game } from '@scorecast/api-client';
import type { LiveChannelOptions } from '@scorecast/api-client/live';
import { liveChannelMakerAtom } from '../../src/state/live';
import { clockOffsetAtom, gamesAtom, groupsAtom, settingsAtom } from '../../src/state/session.atoms';
import { ann, fakeServer, gameOf, groupOf, renderApp, sessionRoutes, startEachTestAfresh, storeOf } from './renderApp';

// Opening the dashboard: the live channel's connect reads the session again (nothing sent before it
// may be lost), and a long schedule shows every game, without one long render of them all.

startEachTestAfresh();

/** A loaded machine runs these renders slowly: waits allow for it. */
const SLOW = { timeout: 15_000 };

const group = groupOf('anns-group-0123456789', 'Office league', ann.login);
/** A game a day from June 11th: more games than the first paint holds. */
const HINT = 'More games will follow once the next round is drawn.';
const schedule = (count: number): Game[] => Array.from({ length: count }, (_, index) => gameOf(index + 1, 'Group', 'Scheduled', 11 + (index % 19)));

async function dashboardWithChannel() {
  localStorage.setItem('token', 'session-token');
  const store = storeOf(ann);
  let given: LiveChannelOptions | undefined;
  const idle = { start: () => Promise.resolve(), stop: () => Promise.resolve(), subscribe: () => () => undefined, connectionId: undefined };
  store.set(liveChannelMakerAtom, { make: (options) => ((given = options), Promise.resolve(idle)) });
  const rendered = renderApp('/', { store });
  await screen.findByText('Office league', {}, SLOW);
  await waitFor(() => expect(given).toBeDefined(), SLOW);
  return { ...rendered, options: given! };
}

describe('the live channel connecting after the first load', () => {
  it('keeps what the page holds when the new read brings nothing new', async () => {
    const { sentTo } = fakeServer(sessionRoutes({ groups: [group], games: schedule(3) }));
    const { options, store } = await dashboardWithChannel();
    const heldNow = () => [store.get(settingsAtom), store.get(groupsAtom), store.get(gamesAtom), store.get(clockOffsetAtom)];
    const held = heldNow();
    const readsBefore = sentTo('GET /api/games').length;
    options.onConnectionId!('connection-1');
    await waitFor(() => expect(sentTo('GET /api/version').length).toBeGreaterThan(readsBefore), SLOW);
    await new Promise((resolve) => setTimeout(resolve, 50));
    heldNow().forEach((value, at) => expect(value).toBe(held[at]));
  });

  it('takes what changed in between', async () => {
    let games = schedule(3);
    const routes = sessionRoutes({ groups: [group] });
    fakeServer({ ...routes, 'GET /api/games': () => ({ body: games }) });
    const { options, store } = await dashboardWithChannel();
    const groups = store.get(groupsAtom);
    games = games.map((game) => (game.id === 2 ? { ...game, date: new Date(Date.UTC(2026, 5, 30, 19)).toISOString() } : game));
    options.onConnectionId!('connection-1');
    await waitFor(() => expect(store.get(gamesAtom).find((game) => game.id === 2)?.date).toBe('2026-06-30T19:00:00.000Z'), SLOW);
    expect(store.get(groupsAtom)).toBe(groups);
  });
});

describe('a long schedule', () => {
  it('shows every game, the ones below the first screens right after them, and the closing hint last', async () => {
    fakeServer(sessionRoutes({ groups: [group], games: schedule(40) }));
    const { container } = await dashboardWithChannel();
    await waitFor(() => expect(container.querySelectorAll('article')).toHaveLength(40), SLOW);
    const hint = await screen.findByText(HINT, {}, SLOW);
    expect(screen.getAllByText(HINT)).toHaveLength(1);
    expect(container.querySelector('#game-40')!.compareDocumentPosition(hint) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
