// The service worker (vite-plugin-pwa injectManifest): the precached app shell, the SPA fallback, the
// 'prompt' update handshake, and Background Sync of the outbox (DESIGN §4). /api is never cached: data
// lives in IndexedDB.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { OUTBOX_SYNC_TAG, pushFromBackground } from './db/background-push';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
};

/** Background Sync's event; not in TypeScript's worker library. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//] }));

// 'Actualizar' in the update prompt (workbox-window's messageSkipWaiting): the new version takes over only
// when the user asks for it.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// A rejected promise tells the browser to try again later (still offline, server unreachable); an open page
// whose engine is already syncing holds the lock, and the worker leaves the push to it.
self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(pushFromBackground());
});
