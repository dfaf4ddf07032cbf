import { isApiError, isResponseValidationError } from '@scorecast/api-client';
import { NoConnection } from '@scorecast/ui';
import { useEffect, useState } from 'react';
import { api } from '../api';

/** How often a page that could not open asks again, once back online, while the server is still out of reach. */
export const ROUTE_RETRY_MS = 3_000;

/**
 * Whether our server answers at all, even with an error of its own (a proxy's 502 has no body of
 * ours): a reload while it does not would show the browser's or the proxy's error page.
 */
async function serverAnswers(): Promise<boolean> {
  try {
    await api.version();
    return true;
  } catch (error) {
    return isResponseValidationError(error) || (isApiError(error) && error.body !== undefined);
  }
}

/**
 * A page that could not open: its code was not fetched (offline, or a new version replaced it on
 * the server) or it failed. The app says it has no connection, and trying again loads the page anew:
 * a browser keeps a failed module import failed until the page reloads. It reloads only once the
 * server answers: a phone says it is online before its network carries anything.
 */
export function RouteError() {
  const [retrying, setRetrying] = useState(false);

  const reloadIfServerAnswers = async () => {
    setRetrying(true);
    if (await serverAnswers()) window.location.reload();
    else setRetrying(false);
  };

  // Back online, it tries again by itself, and again every few seconds until the server answers.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let ended = false;
    const tryAgain = async () => {
      clearTimeout(timer);
      if (await serverAnswers()) return window.location.reload();
      if (!ended) timer = setTimeout(() => void tryAgain(), ROUTE_RETRY_MS);
    };
    const onOnline = () => void tryAgain();
    window.addEventListener('online', onOnline);
    return () => {
      ended = true;
      clearTimeout(timer);
      window.removeEventListener('online', onOnline);
    };
  }, []);

  return <NoConnection onRetry={() => void reloadIfServerAnswers()} retrying={retrying} />;
}
