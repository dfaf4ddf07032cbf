import { NoConnection } from '@scorecast/ui';
import { useEffect } from 'react';

/**
 * A page that could not open: its code was not fetched (offline, or a new version replaced it on
 * the server) or it failed. The app says it has no connection, and trying again loads the page anew:
 * a browser keeps a failed module import failed until the page reloads.
 */
export function RouteError() {
  // Back online, it tries again by itself.
  useEffect(() => {
    const reload = () => window.location.reload();
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, []);
  return <NoConnection onRetry={() => window.location.reload()} />;
}
