// Scorecast's service worker: shows push notifications, keeps the app's page for when the server is
// out of reach, and takes over new versions of the app.
self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

// The page and its files come from the network; the last copies kept answer when the server is out
// of reach (or a proxy in front of it answers that it is), so a reload shows the app saying it has
// no connection instead of the browser's or the proxy's error page. The API and the live channel
// are never answered from here.
const SHELL = 'scorecast-shell';
const GATEWAY_DOWN = [502, 503, 504];
self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  const page = request.mode === 'navigate';
  if (request.method !== 'GET' || url.origin !== self.location.origin || !(page || url.pathname.startsWith('/assets/'))) return;
  // Every route is the same page: one copy of it, kept as '/'.
  const key = page ? '/' : request;
  event.respondWith(
    fetch(request).then(
      (response) => {
        if (GATEWAY_DOWN.includes(response.status)) return caches.match(key).then((kept) => kept || response);
        // A navigation to a picture or an API answer (a link opened from a chat) is no copy of the app.
        const isPage = !page || (response.headers.get('content-type') || '').startsWith('text/html');
        if (response.ok && isPage) {
          const copy = response.clone();
          event.waitUntil(page ? keepPage(copy) : caches.open(SHELL).then((cache) => cache.put(key, copy)));
        }
        return response;
      },
      () => caches.match(key).then((kept) => kept || Response.error()),
    ),
  );
});

// A page unlike the one kept is a new version of the app: the files of the old one are never asked
// for again, so only those the new page names stay (the rest come back as the new version loads them).
async function keepPage(response) {
  const cache = await caches.open(SHELL);
  const [kept, page] = await Promise.all([cache.match('/'), response.clone().text()]);
  await cache.put('/', response);
  if (!kept || (await kept.text()) === page) return;
  for (const request of await cache.keys()) {
    const path = new URL(request.url).pathname;
    if (path.startsWith('/assets/') && !page.includes(path)) await cache.delete(request);
  }
}

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
