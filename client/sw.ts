// The service worker (vite-plugin-pwa injectManifest): the precached app shell, the SPA fallback, the
// 'prompt' update handshake, a runtime cache for the few built files not precached, and Background Sync of
// the outbox (docs/sincronizacion.md). /api is never cached: data lives in IndexedDB.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { OUTBOX_SYNC_TAG, pushFromBackground } from './sync/background-push';

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

// Built files left out of the precache to keep it small (the reports' chart code, the sync worker: see
// vite.config.ts) are kept the first time they are fetched, so a chart seen online shows offline too. Their
// names carry a content hash, so a kept copy is never stale; a new version starts the cache over.
const RUNTIME_ASSETS = 'prestamos-assets';
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith('/assets/'),
  async ({ request }) => {
    const cache = await caches.open(RUNTIME_ASSETS);
    const kept = await cache.match(request);
    if (kept) return kept;
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  },
);
self.addEventListener('activate', (event) => {
  event.waitUntil(caches.delete(RUNTIME_ASSETS));
});

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
