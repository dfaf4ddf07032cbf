// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ann, fakeServer, renderApp, sessionRoutes, startEachTestAfresh, storeOf } from './renderApp';

startEachTestAfresh();

// A link to another page left the focus on a link that was gone: keyboard and screen-reader
// players started again from the top of the document and were not told which page had opened.
describe('the focus on a new page', () => {
  it("moves to the new page's heading", async () => {
    fakeServer(sessionRoutes());
    localStorage.setItem('token', 'session-token');
    renderApp('/', { store: storeOf(ann) });
    await userEvent.click(await screen.findByRole('link', { name: 'Settings' }, { timeout: 15_000 }));
    const heading = await screen.findByRole('heading', { name: 'Settings', level: 1 });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('stays where it is on the first page', async () => {
    fakeServer(sessionRoutes());
    localStorage.setItem('token', 'session-token');
    renderApp('/settings', { store: storeOf(ann) });
    await screen.findByRole('heading', { name: 'Settings', level: 1 }, { timeout: 15_000 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(document.activeElement).toBe(document.body);
  });
});
