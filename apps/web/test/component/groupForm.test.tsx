// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { defaultPointConfiguration } from '@scorecast/rules';
import type { Game } from '@scorecast/api-client';
import { dropGroup } from '../../src/state/session.atoms';
import { ann, fakeServer, gameOf, groupOf, renderApp, sessionRoutes, startEachTestAfresh, storeOf, YEAR } from './renderApp';

// Spec section 4, 'Locking of point fields': group-stage fields and champion points lock once the
// tournament started, knockout fields and the radio choice once the group stage is finished.
// Each test renders the app with a store of its own.

const annsGroup = groupOf('anns-group-0123456789', 'Office league', ann.login, [ann.login, 'bob@example.com']);
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const groupStageFields = ['Group stage: Correct trend', 'Group stage: Correct trend and goal difference', 'Group stage: Exact prediction', 'Points for the right champion'];
const knockoutFields = ['Round of 32: Correct trend', 'Round of 16: Exact prediction', 'Quarter-finals: Correct trend and goal difference', 'Final: Exact prediction'];
const choice = () => (screen.getByLabelText('Same points for all rounds') as HTMLInputElement).closest('fieldset')!;

async function openEditForm(games: Game[]) {
  fakeServer(sessionRoutes({ groups: [annsGroup], games }));
  renderApp(`/group/${annsGroup.id}`, { store: storeOf(ann) });
  await screen.findByRole('heading', { name: 'Edit group' });
}

startEachTestAfresh();

describe("the group form's point fields", () => {
  it('are all open before the first kickoff', async () => {
    await openEditForm([gameOf(1, 'Group', 'Scheduled', 11), gameOf(2, 'Last32', 'Scheduled', 28)]);
    for (const label of [...groupStageFields, ...knockoutFields]) expect(input(label).disabled, label).toBe(false);
    expect(choice().disabled).toBe(false);
  });

  it('of the group stage and the champion lock once a game started; the knockout rounds stay open', async () => {
    await openEditForm([gameOf(1, 'Group', 'Live', 11), gameOf(2, 'Group', 'Scheduled', 12), gameOf(3, 'Last32', 'Scheduled', 28)]);
    for (const label of groupStageFields) expect(input(label).disabled, label).toBe(true);
    for (const label of knockoutFields) expect(input(label).disabled, label).toBe(false);
    expect(choice().disabled).toBe(false);
    expect(screen.getByText('Group stage and champion points are locked: the tournament has started.')).toBeTruthy();
  });

  it('of the knockout rounds and the radio choice lock once the group stage is finished', async () => {
    await openEditForm([gameOf(1, 'Group', 'Finished', 11), gameOf(2, 'Group', 'Finished', 12), gameOf(3, 'Last32', 'Scheduled', 28)]);
    for (const label of [...groupStageFields, ...knockoutFields]) expect(input(label).disabled, label).toBe(true);
    expect(choice().disabled).toBe(true);
    expect(screen.getByText('All points are locked: the group stage is over.')).toBeTruthy();
  });

  it('still open are saved, and the save waits for a change', async () => {
    const server = fakeServer({
      ...sessionRoutes({ groups: [annsGroup], games: [gameOf(1, 'Group', 'Live', 11), gameOf(3, 'Last32', 'Scheduled', 28)] }),
      'POST /api/groups/check': { body: { isValid: true } },
      'POST /api/groups': (request) => ({ body: { id: annsGroup.id, group: { ...annsGroup, pointConfiguration: (request.body as { pointConfiguration: unknown }).pointConfiguration } } }),
    });
    const { router } = renderApp(`/group/${annsGroup.id}`, { store: storeOf(ann) });
    await screen.findByRole('heading', { name: 'Edit group' });
    const save = screen.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await userEvent.clear(input('Final: Exact prediction'));
    await userEvent.type(input('Final: Exact prediction'), '40');
    expect(save.disabled).toBe(false);
    await userEvent.click(save);
    await waitFor(() => expect(router.state.location.pathname).toBe('/ranking'));
    const sent = server.sentTo('POST /api/groups')[0]?.body as { id: string; pointConfiguration: Record<string, unknown> };
    expect(sent.id).toBe(annsGroup.id);
    expect(sent.pointConfiguration).toEqual({ ...defaultPointConfiguration(YEAR), finalExactPoints: 40 });
    // Back on the ranking, it says the changes were saved (a fresh player wondered whether they were).
    expect(await screen.findByText('Changes to Office league saved.')).toBeTruthy();
  });
});

describe('creating a group', () => {
  it('for a player already in the most groups says so, and keeps what was typed', async () => {
    fakeServer({
      ...sessionRoutes({ groups: [annsGroup] }),
      'POST /api/groups/check': { body: { isValid: true } },
      'POST /api/groups': { status: 409, body: { error: 'tooManyGroups' } },
    });
    const { router } = renderApp('/group/create', { store: storeOf(ann) });
    await screen.findByRole('heading', { name: 'Create group' });
    await userEvent.type(screen.getByLabelText('Group name'), 'Stammtisch');
    await userEvent.type(screen.getByLabelText('Your name in the group'), 'Ann');
    await userEvent.click(screen.getByRole('button', { name: 'Create group' }));
    expect(await screen.findByText('You already play in 50 groups of this tournament: the most one player may.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/group/create');
    expect(input('Group name').value).toBe('Stammtisch');
  });
});

// Found by a fresh player: the create form opened from a bookmark, Cancel went back out of the app.
describe("the group form's Cancel", () => {
  /** The app on the ranking, then at `href` (the form, or a path that leads to it). */
  async function fromRanking(href: string) {
    fakeServer(sessionRoutes({ groups: [annsGroup], games: [gameOf(1, 'Group', 'Scheduled', 11)] }));
    const { router } = renderApp('/ranking', { store: storeOf(ann) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/ranking'));
    await router.navigate({ href });
    await waitFor(() => expect(router.state.location.pathname).toBe('/group/create'));
    return router;
  }

  it('opened first in its tab, goes to the schedule instead of leaving the app', async () => {
    fakeServer(sessionRoutes({ groups: [annsGroup], games: [gameOf(1, 'Group', 'Scheduled', 11)] }));
    const { router } = renderApp('/group/create', { store: storeOf(ann) });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('goes back to the page it was opened from', async () => {
    const router = await fromRanking('/group/create');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ranking'));
  });

  it('after an unknown group path sent it to the form, goes back past that path', async () => {
    const router = await fromRanking('/group/whatever/else');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ranking'));
  });
});

// A fan: the group was deleted in another tab while its edit page was open here; the page turned
// into an empty 'Create group' form at the deleted group's address.
describe("a group's edit page", () => {
  it('leaves for the ranking when the group is deleted meanwhile', async () => {
    fakeServer(sessionRoutes({ groups: [annsGroup], games: [gameOf(1, 'Group', 'Scheduled', 11)] }));
    const store = storeOf(ann);
    const { router } = renderApp(`/group/${annsGroup.id}`, { store });
    await screen.findByRole('heading', { name: 'Edit group' });
    dropGroup(store, annsGroup.id);
    await waitFor(() => expect(router.state.location.pathname).not.toBe(`/group/${annsGroup.id}`));
    expect(screen.queryByRole('heading', { name: 'Edit group' })).toBeNull();
  });
});
