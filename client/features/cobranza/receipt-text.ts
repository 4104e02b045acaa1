// The receipt a collector sends to the client's WhatsApp ('Compartir recibo', docs/producto.md §2.5): short,
// Spanish, readable on any phone.
import { formatDateTime } from '../../../shared/dates';
import { formatMoney } from '../../../shared/money';
import { receiptNumber } from '../../../shared/receipts/receipt-number';

export interface ReceiptData {
  negocio: string;
  cliente: string;
  referencia: string;
  monto: number;
  /** When it was recorded on the phone. */
  fecha: Date | string;
  saldo: number;
  cobrador: string;
  receiptId: string;
}

export function receiptText(r: ReceiptData): string {
  return [
    `${r.negocio} · Recibo ${receiptNumber(r.receiptId)}`,
    `Cliente: ${r.cliente} (${r.referencia})`,
    `Abono recibido: ${formatMoney(r.monto)}`,
    `Fecha: ${formatDateTime(r.fecha)}`,
    `Saldo restante: ${formatMoney(r.saldo)}`,
    `Cobrador: ${r.cobrador}`,
    'Gracias por su pago.',
  ].join('\n');
}

/** Mexican mobile numbers as wa.me wants them: country code 52 and ten digits. */
export function whatsappLink(telefono: string | null, text: string): string | null {
  const digits = (telefono ?? '').replace(/\D/g, '');
  const national = digits.length === 12 && digits.startsWith('52') ? digits.slice(2) : digits;
  if (national.length !== 10) return null;
  return `https://wa.me/52${national}?text=${encodeURIComponent(text)}`;
}

export type ShareOutcome = 'compartido' | 'whatsapp' | 'copiado' | 'cancelado' | 'sin-opcion';

/**
 * The phone's share sheet where there is one (works offline: the text goes to WhatsApp's own queue);
 * otherwise WhatsApp by link, otherwise the clipboard.
 */
export async function shareReceipt(text: string, telefono: string | null): Promise<ShareOutcome> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: 'Recibo de pago', text });
      return 'compartido';
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') return 'cancelado';
    }
  }
  const link = whatsappLink(telefono, text);
  if (link) {
    window.open(link, '_blank', 'noopener');
    return 'whatsapp';
  }
  try {
    await navigator.clipboard.writeText(text);
    return 'copiado';
  } catch {
    return 'sin-opcion';
  }
}
