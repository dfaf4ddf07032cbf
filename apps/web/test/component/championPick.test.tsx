// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { userAtom } from '../../src/state/session.atoms';
import { ann, fakeServer, gameOf, groupOf, renderApp, sessionRoutes, startEachTestAfresh, storeOf, YEAR } from './renderApp';

startEachTestAfresh();

describe('the champion pick', () => {
  // Arrow keys through the list sent a pick a key, all at once: answered in another order, the
  // server kept one pick while the page showed another.
  it('shows each pick at once and saves them in turn, the newest last', async () => {
    const games = [
      { ...gameOf(1, 'Group', 'Scheduled', 11), homeTeam: 'de', awayTeam: 'es' },
      { ...gameOf(2, 'Group', 'Scheduled', 12), homeTeam: 'fr', awayTeam: 'it' },
    ];
    let answerFirst = () => {};
    const server = fakeServer({
      ...sessionRoutes({ groups: [groupOf('anns-group-0123456789', 'Office league', ann.login)], games }),
      // Ten days before the first kickoff: the pick is open.
      'GET /api/version': { body: { version: 'test', name: 'Scorecast', language: 'en', serverTime: '2026-06-01T12:00:00Z' } },
      'POST /api/prediction/champion': async (sent) => {
        // The first save is held until the test lets it go; the others answer at once.
        if (server.sentTo('POST /api/prediction/champion').length === 1) await new Promise<void>((resolve) => (answerFirst = resolve));
        return { body: sent.body };
      },
    });
    localStorage.setItem('token', 'session-token');
    const store = storeOf(ann);
    renderApp('/', { store });
    const picker = await screen.findByRole('combobox', { name: 'Who wins the tournament?' }, { timeout: 15_000 });
    for (const team of ['de', 'es', 'fr']) await userEvent.selectOptions(picker, team);
    expect((picker as HTMLSelectElement).value).toBe('fr');
    await waitFor(() => expect(server.sentTo('POST /api/prediction/champion')).toHaveLength(1));
    answerFirst();
    await waitFor(() => expect(server.sentTo('POST /api/prediction/champion').map((each) => (each.body as { team: string }).team)).toEqual(['de', 'fr']));
    await waitFor(() => expect(store.get(userAtom)?.championPredictions).toEqual([{ year: YEAR, team: 'fr' }]));
    expect((picker as HTMLSelectElement).value).toBe('fr');
  });
});
