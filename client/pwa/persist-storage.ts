/**
 * Asks the browser to keep this origin's storage under pressure (docs/sincronizacion.md: after login). Best effort:
 * unsupported browsers and refusals resolve false, never throw.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  try {
    if (typeof navigator === 'undefined') return false;
    if ((await navigator.storage?.persisted?.()) === true) return true;
    return (await navigator.storage?.persist?.()) ?? false;
  } catch {
    return false;
  }
}
