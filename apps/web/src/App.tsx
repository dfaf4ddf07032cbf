import { StrictMode } from 'react';
import { RouterProvider } from '@tanstack/react-router';
import { Provider } from 'jotai';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import type { AppRouter } from './router';
import type { AppStore } from './state/session.atoms';

/** The whole app over one store, router and language: main.tsx renders it for the page, tests with their own. */
export function App({ store, router, i18n }: { store: AppStore; router: AppRouter; i18n: I18n }) {
  return (
    <StrictMode>
      <Provider store={store}>
        <I18nextProvider i18n={i18n}>
          <RouterProvider router={router} />
        </I18nextProvider>
      </Provider>
    </StrictMode>
  );
}
