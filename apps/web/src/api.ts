import { createApiClient } from '@scorecast/api-client';

/** The one client of the app; the server is the page's own origin. */
export const api = createApiClient({ baseUrl: '/' });
