import { isApiError, isResponseValidationError } from '@scorecast/api-client';
import { NoConnection } from '@scorecast/ui';
import { useEffect, useState } from 'react';
import { api } from '../api';
import { retryWithBackoff } from '../state/retry';

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

  // Back online, it tries again by itself, and again later until the server answers.
  useEffect(() => {
    let ended = false;
    let stopRetrying: (() => void) | undefined;
    const onOnline = () => {
      stopRetrying?.();
      void reloadOnceServerAnswers().then((reloaded) => {
        if (!reloaded && !ended) stopRetrying = retryWithBackoff(reloadOnceServerAnswers);
      });
    };
    window.addEventListener('online', onOnline);
    return () => {
      ended = true;
      stopRetrying?.();
      window.removeEventListener('online', onOnline);
    };
  }, []);

  const retry = async () => {
    setRetrying(true);
    if (!(await reloadOnceServerAnswers())) setRetrying(false);
  };
  return <NoConnection onRetry={() => void retry()} retrying={retrying} />;
}

/** Reloads the page if the server answers: whether it did. */
async function reloadOnceServerAnswers(): Promise<boolean> {
  if (!(await serverAnswers())) return false;
  window.location.reload();
  return true;
}
