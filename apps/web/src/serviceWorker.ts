/**
 * Registers public/sw.js (push notifications, app updates) and looks for a new version whenever the
 * page becomes visible again; a failed registration or update is only logged.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js').then(
    (registration) => {
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') registration.update().catch((error: unknown) => console.error('service worker update failed', error));
      });
    },
    (error: unknown) => console.warn('service worker registration failed', error),
  );
}

/** Subscribes this browser to push with the server's VAPID key; undefined when the browser cannot or the user refused. */
export async function subscribeToPush(publicKey: string): Promise<PushSubscriptionJSON | undefined> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window)) return undefined;
  if ((await Notification.requestPermission()) !== 'granted') return undefined;
  const registration = await navigator.serviceWorker.ready;
  const key = Uint8Array.from(atob(publicKey.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0));
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  return subscription.toJSON();
}
