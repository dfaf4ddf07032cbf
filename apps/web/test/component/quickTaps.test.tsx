// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ann, fakeServer, gameOf, groupOf, onAPhone, renderApp, sessionRoutes, startEachTestAfresh, storeOf, type SentRequest } from './renderApp';

// A fresh player on a phone tapped plus three times while the first save was still on its way
// (a mobile connection): 1:0 was saved, two taps were lost.

startEachTestAfresh();

describe('quick taps in the phone picker', () => {
  onAPhone();

  it('all count, shown at once, saved in order with the newest last', async () => {
    const group = groupOf('anns-group-0123456789', 'Office league', ann.login);
    const answered: unknown[] = [];
    const server = fakeServer({
      ...sessionRoutes({ groups: [group], games: [gameOf(1, 'Group', 'Scheduled', 11)] }),
      'GET /api/version': { body: { version: 'test', name: 'Scorecast', language: 'en', serverTime: '2026-06-01T12:00:00Z' } },
      'POST /api/prediction/1': async (request: SentRequest) => {
        // Each save takes 200 ms; more taps come meanwhile.
        await new Promise((resolve) => setTimeout(resolve, 200));
        answered.push(request.body);
        return { body: request.body };
      },
    });
    localStorage.setItem('token', 'session-token');
    renderApp('/', { store: storeOf(ann) });
    await userEvent.click((await screen.findAllByRole('textbox'))[0]!);
    const more = await screen.findByRole('button', { name: 'One more goal for Germany' });
    for (let tap = 0; tap < 3; tap++) await userEvent.click(more);
    const goals = screen.getByLabelText('Goals of Germany');
    expect(goals.textContent).toBe('3');
    await waitFor(() => expect(answered.at(-1)).toEqual({ homeGoals: 3, awayGoals: 0 }));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(answered.at(-1)).toEqual({ homeGoals: 3, awayGoals: 0 });
    expect(server.sentTo('POST /api/prediction/1').length).toBeLessThanOrEqual(3);
  });

  it('show the saved score again when the newest save fails, with the reason', async () => {
    const group = groupOf('anns-group-0123456789', 'Office league', ann.login);
    let saves = 0;
    fakeServer({
      ...sessionRoutes({ groups: [group], games: [gameOf(1, 'Group', 'Scheduled', 11)] }),
      'GET /api/version': { body: { version: 'test', name: 'Scorecast', language: 'en', serverTime: '2026-06-01T12:00:00Z' } },
      'POST /api/prediction/1': async (request: SentRequest) => {
        saves += 1;
        await new Promise((resolve) => setTimeout(resolve, 100));
        return saves === 1 ? { body: request.body } : { status: 503, body: { error: 'databaseUnavailable' } };
      },
    });
    localStorage.setItem('token', 'session-token');
    renderApp('/', { store: storeOf(ann) });
    await userEvent.click((await screen.findAllByRole('textbox'))[0]!);
    const more = await screen.findByRole('button', { name: 'One more goal for Germany' });
    const goals = screen.getByLabelText('Goals of Germany');
    await userEvent.click(more);
    await waitFor(() => expect(saves).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 200));
    await userEvent.click(more);
    expect(goals.textContent).toBe('2');
    expect(await screen.findByText('Failed to save the prediction.')).toBeDefined();
    expect(goals.textContent).toBe('1');
  });
});

// Found by a fresh player: Back on a phone with the picker open left the schedule (Android's Back
// closes what is open first).
describe('the phone picker and the Back button', () => {
  onAPhone();

  it('Back closes the picker and stays on the schedule; the next Back leaves it', async () => {
    const group = groupOf('anns-group-0123456789', 'Office league', ann.login);
    fakeServer({
      ...sessionRoutes({ groups: [group], games: [gameOf(1, 'Group', 'Scheduled', 11)] }),
      'GET /api/version': { body: { version: 'test', name: 'Scorecast', language: 'en', serverTime: '2026-06-01T12:00:00Z' } },
    });
    localStorage.setItem('token', 'session-token');
    const { router } = renderApp('/ranking', { store: storeOf(ann), browserHistory: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/ranking'));
    await router.navigate({ to: '/' });
    await userEvent.click((await screen.findAllByRole('textbox'))[0]!);
    expect(await screen.findByRole('dialog', { name: 'Your prediction' })).toBeDefined();
    window.history.back();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Your prediction' })).toBeNull());
    expect(router.state.location.pathname).toBe('/');
    window.history.back();
    await waitFor(() => expect(router.state.location.pathname).toBe('/ranking'));
  });

  it('Back closes the groups sidebar and stays on the page; the next Back leaves it', async () => {
    fakeServer(sessionRoutes({ groups: [groupOf('anns-group-0123456789', 'Office league', ann.login)] }));
    localStorage.setItem('token', 'session-token');
    const { router } = renderApp('/ranking', { store: storeOf(ann), browserHistory: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/ranking'));
    await router.navigate({ to: '/settings' });
    await userEvent.click(await screen.findByRole('button', { name: 'Open groups' }, { timeout: 15_000 }));
    expect(await screen.findByRole('navigation', { name: 'Groups' })).toBeDefined();
    window.history.back();
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Groups' })).toBeNull());
    expect(router.state.location.pathname).toBe('/settings');
    window.history.back();
    await waitFor(() => expect(router.state.location.pathname).toBe('/ranking'));
  });

  // Offline (a stadium's dead network) the save fails at once: said so over the picker, not silently undone.
  it('say a save that could not reach the server failed, and show the saved score again', async () => {
    fakeServer({
      ...sessionRoutes({ groups: [groupOf('anns-group-0123456789', 'Office league', ann.login)], games: [gameOf(1, 'Group', 'Scheduled', 11)] }),
      'GET /api/version': { body: { version: 'test', name: 'Scorecast', language: 'en', serverTime: '2026-06-01T12:00:00Z' } },
      'POST /api/prediction/1': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    localStorage.setItem('token', 'session-token');
    renderApp('/', { store: storeOf(ann) });
    await userEvent.click((await screen.findAllByRole('textbox'))[0]!);
    await userEvent.click(await screen.findByRole('button', { name: 'One more goal for Germany' }));
    // Said as what it is: the same words as a refusal left a fresh player unsure it was lost.
    expect(await screen.findByText('No connection to the server: the prediction was not saved.')).toBeDefined();
    expect(screen.getByLabelText('Goals of Germany').textContent).toBe('–');
  });
});
