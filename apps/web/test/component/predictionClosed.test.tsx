// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ann, fakeServer, gameOf, groupOf, renderApp, sessionRoutes, startEachTestAfresh, storeOf } from './renderApp';

// A fresh player typed a prediction of a game whose kickoff had passed (the page still showed it
// open) and read "Failed to save the prediction.": the server said why, and now the player reads it.

startEachTestAfresh();

describe('a prediction after kickoff', () => {
  it('says the game has kicked off, shows the saved prediction again and reads the schedule anew', async () => {
    const group = groupOf('anns-group-0123456789', 'Office league', ann.login);
    const server = fakeServer({
      ...sessionRoutes({ groups: [group], games: [gameOf(1, 'Group', 'Scheduled', 11)] }),
      // The page's clock before the kickoff, as a page opened before it holds it.
      'GET /api/version': { body: { version: 'test', name: 'Scorecast', language: 'en', serverTime: '2026-06-01T12:00:00Z' } },
      'POST /api/prediction/1': { status: 400, body: { error: 'predictionClosed', field: 'gameId' } },
    });
    localStorage.setItem('token', 'session-token');
    renderApp('/', { store: storeOf(ann) });
    const input = (await screen.findAllByRole('textbox'))[0] as HTMLInputElement;
    const readsBefore = server.sentTo('GET /api/games').length;
    await userEvent.type(input, '1:0');
    await userEvent.tab();
    expect(await screen.findByText('This game has kicked off: it takes no more predictions.')).toBeDefined();
    await waitFor(() => expect(input.value).toBe(''));
    await waitFor(() => expect(server.sentTo('GET /api/games').length).toBeGreaterThan(readsBefore));
  });
});
