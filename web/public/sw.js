/**
 * Tribe's service worker: it shows the pushes the server sends (Web Push) and opens what they link
 * to. Registered only once a person turns on browser notifications in Settings. A push carries
 * JSON { title, body, link, imageUrl, notificationId, type }. A click opens
 * /notifications/{notificationId}/open on this site (which marks the notification opened and then
 * leads to its page) in a Tribe tab already open, or in a new one; it never opens another site.
 */

const ICON = '/notification-icon.png';

self.addEventListener('install', () => {
  // A new version takes over at once: it only shows notifications, there is no cache to migrate.
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

function readPush(event) {
  try {
    const data = event.data ? event.data.json() : {};
    return data && typeof data === 'object' ? data : {};
  } catch {
    return { body: event.data ? event.data.text() : '' };
  }
}

const text = (value, fallback) => (typeof value === 'string' && value ? value : fallback);

self.addEventListener('push', (event) => {
  const push = readPush(event);
  const id = text(push.notificationId, '');
  const options = {
    body: text(push.body, ''),
    icon: ICON,
    badge: ICON,
    tag: id || undefined,
    data: { notificationId: id, link: text(push.link, '') },
  };
  if (typeof push.imageUrl === 'string' && push.imageUrl.startsWith('https://')) options.image = push.imageUrl;
  event.waitUntil(self.registration.showNotification(text(push.title, 'Tribe'), options));
});

/** Where a click leads, on this site only: the opened-route of the notification, else its own path, else the inbox. */
function targetOf(data) {
  const origin = self.location.origin;
  if (data && /^[0-9a-f-]{36}$/i.test(data.notificationId || '')) return `${origin}/notifications/${data.notificationId}/open`;
  const link = data && typeof data.link === 'string' ? data.link : '';
  if (link.startsWith('/') && !link.startsWith('//') && !link.includes('\\')) {
    const url = new URL(link, origin);
    if (url.origin === origin) return url.href;
  }
  return `${origin}/notifications`;
}

async function openTarget(target) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const tab = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (tab) {
    const focused = await tab.focus();
    const navigated = await focused.navigate(target).catch(() => null);
    if (navigated) return;
  }
  await self.clients.openWindow(target);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openTarget(targetOf(event.notification.data)));
});
