/**
 * The service worker (built by Vite to /sw.js, scope /): it shows each Web Push as a notification
 * (title, body, icon, a tag per room so a room's pushes replace each other) and, on a tap, focuses
 * an open tab of the site on the push's page, or opens it. It caches nothing: the site needs the
 * network anyway, and a stale cached shell would outlive deployments.
 *
 * A classic worker script: no imports (the types of the worker's own globals are declared here,
 * since the project compiles with the DOM library).
 */

interface PushMessage {
  title?: string;
  body?: string;
  url?: string;
  tag?: string;
  icon?: string;
}
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEvent extends ExtendableEvent {
  readonly data: { json(): unknown; text(): string } | null;
}
interface NotificationEvent extends ExtendableEvent {
  readonly notification: Notification & { data?: { url?: string } };
}
interface WindowClient {
  readonly url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
interface WorkerScope {
  readonly location: Location;
  readonly registration: ServiceWorkerRegistration;
  readonly clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
    claim(): Promise<void>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
}

const worker = self as unknown as WorkerScope;

/** Only a page of this site opens from a notification. */
function sameSiteUrl(url: unknown): string {
  try {
    const target = new URL(typeof url === 'string' ? url : '/', worker.location.origin);
    return target.origin === worker.location.origin ? target.href : worker.location.origin;
  } catch {
    return worker.location.origin;
  }
}

function messageOf(event: PushEvent): PushMessage {
  try {
    return (event.data?.json() ?? {}) as PushMessage;
  } catch {
    return { body: event.data?.text() ?? '' };
  }
}

worker.addEventListener('install', () => {
  void worker.skipWaiting();
});
worker.addEventListener('activate', (event) => {
  event.waitUntil(worker.clients.claim());
});

worker.addEventListener('push', (event) => {
  const message = messageOf(event);
  event.waitUntil(
    worker.registration.showNotification(message.title || 'kinoko', {
      body: message.body ?? '',
      icon: message.icon ?? '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      ...(message.tag ? { tag: message.tag } : {}),
      data: { url: sameSiteUrl(message.url) },
    }),
  );
});

worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = sameSiteUrl(event.notification.data?.url);
  event.waitUntil(
    (async () => {
      const tabs = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const exact = tabs.find((tab) => tab.url === url);
      if (exact) return exact.focus();
      const open = tabs.find((tab) => new URL(tab.url).origin === worker.location.origin);
      if (open) {
        const moved = await open.navigate(url).catch(() => null);
        return (moved ?? open).focus();
      }
      return worker.clients.openWindow(url);
    })(),
  );
});
