import { OUTBOX_SYNC_TAG } from './background-push';

interface SyncManagerLike {
  register(tag: string): Promise<void>;
}

/**
 * Asks the browser to wake the service worker when the signal returns (Background Sync, Chromium only), so
 * the outbox goes out even if the app is closed by then. Elsewhere, or refused, the page's own triggers remain.
 */
export async function requestBackgroundSync(): Promise<void> {
  try {
    if (typeof navigator === 'undefined' || !navigator.serviceWorker) return;
    const registration = await navigator.serviceWorker.getRegistration();
    const sync = (registration as (ServiceWorkerRegistration & { sync?: SyncManagerLike }) | undefined)?.sync;
    await sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // Not supported or not allowed: nothing to do.
  }
}
