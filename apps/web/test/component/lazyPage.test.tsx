// @vitest-environment happy-dom
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '@scorecast/ui';
import { lazyPage } from '../../src/routes/lazyPage';
import { RouteError } from '../../src/routes/RouteError';
import { startEachTestAfresh } from './renderApp';

// A fresh player tapped Ranking offline before the service worker kept a copy of the app: the
// router's lazy page reloaded the whole page to fetch the missing code, and the browser showed its
// own "This site can't be reached" instead of the app saying it has no connection.

startEachTestAfresh();
afterEach(() => vi.restoreAllMocks());

/** A router at `/ranking`, whose page's code cannot be fetched (as Chromium says it, offline). */
function rankingOffline() {
  const root = createRootRoute();
  const ranking = createRoute({
    getParentRoute: () => root,
    path: '/ranking',
    component: lazyPage(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/RankingPage.js')), 'RankingPage'),
  });
  return createRouter({ routeTree: root.addChildren([ranking]), history: createMemoryHistory({ initialEntries: ['/ranking'] }), defaultErrorComponent: RouteError });
}

describe('a page whose code cannot be fetched', () => {
  it('says there is no connection and leaves the page as it is', async () => {
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
    render(
      <I18nextProvider i18n={createI18n('en', {})}>
        <RouterProvider router={rankingOffline()} />
      </I18nextProvider>,
    );
    expect(await screen.findByRole('button', { name: 'app.retry' })).toBeDefined();
    expect(reload).not.toHaveBeenCalled();
  });
});
