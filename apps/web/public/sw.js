// Scorecast's service worker: shows push notifications and takes over new versions of the app.
self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

// The server pushes JSON { title, body, url? }.
self.addEventListener('push', (event) => {
  let payload = { title: 'Scorecast', body: '' };
  try {
    payload = { ...payload, ...event.data.json() };
  } catch (error) {
    console.warn('push payload is not JSON', error);
  }
  event.waitUntil(self.registration.showNotification(payload.title, { body: payload.body, icon: '/favicon.png', data: { url: payload.url || '/' } }));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || '/';
  event.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((windows) => {
      const open = windows.find((client) => 'focus' in client);
      if (open) return open.navigate(url).then((client) => client && client.focus());
      return self.clients.openWindow(url);
    }),
  );
});

// Checks for a new version whenever a page asks; a failed update is logged, the old version keeps running.
self.addEventListener('message', (event) => {
  if (event.data === 'update') self.registration.update().catch((error) => console.error('service worker update failed', error));
});
