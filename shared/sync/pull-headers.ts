// The pull's answer, ahead of its body (docs/sincronizacion.md).
/**
 * Response headers of a pull that repeat what the next request needs (the body has the same): a device reads
 * them before the body, and asks for the next page while it still downloads and decodes this one.
 */
export const PULL_HEADERS = {
  cursor: 'X-Sync-Cursor',
  hasMore: 'X-Sync-Has-More',
  reset: 'X-Sync-Reset',
} as const;
