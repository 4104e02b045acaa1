// The short number a client reads on a WhatsApp receipt and the office types to find it ('Buscar recibo',
// docs/producto.md §2.19). Derived from the receipt UUID the phone makes for each mutation, so the phone can
// print it with no signal and the server stores the same number on the audit row.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** 'R-3F9A-12C7' from the UUID's first eight hex digits (random in a v4 UUID). */
export function receiptNumber(receiptId: string): string {
  if (!UUID.test(receiptId)) throw new Error('receiptNumber: not a UUID');
  const hex = receiptId.slice(0, 8).toUpperCase();
  return `R-${hex.slice(0, 4)}-${hex.slice(4)}`;
}

/** What the office typed, as the stored number ('r3f9a12c7', 'R-3F9A 12C7' → 'R-3F9A-12C7'), or null. */
export function parseReceiptNumber(text: string): string | null {
  const hex = text.trim().toUpperCase().replace(/^R/, '').replace(/[\s-]/g, '');
  return /^[0-9A-F]{8}$/.test(hex) ? `R-${hex.slice(0, 4)}-${hex.slice(4)}` : null;
}
