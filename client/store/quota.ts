// A full device (docs/sincronizacion.md §7): IndexedDB refuses a write with QuotaExceededError. Dexie passes
// the browser's DOMException through, or wraps it (Dexie.QuotaExceededError, or an AbortError whose inner error
// is the quota one when the transaction is aborted by it).

interface NamedError {
  name?: unknown;
  inner?: unknown;
}

export function isQuotaError(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const { name, inner } = e as NamedError;
    if (name === 'QuotaExceededError') return true;
    e = inner;
  }
  return false;
}
