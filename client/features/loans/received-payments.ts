// A loan's ledger (GET /api/loans/:loanId/payments) as 'Pagos recibidos' lists it: one line per payment, as it
// stands now, with its corrections under it — the server's, and this device's own not answered yet or refused.
import type { IsoDate } from '../../../shared/dates';
import { type Corrector, mayCorrectPayment } from '../../../shared/payments/correction-rule';
import type { LedgerEntry } from '../../../shared/payments/types';
import type { PaymentCorrectEntry } from '../../store/local-types';

export interface ReceivedPayment {
  payment: LedgerEntry;
  /** What it brings now (0: reversed) and the date it stands at, after its latest correction. */
  vigente: number;
  fecha: IsoDate;
  /** The server's corrections of it, oldest first. */
  corrections: LedgerEntry[];
  /** This device's corrections of it still waiting for the server, or refused by it. */
  queued: PaymentCorrectEntry[];
}

export function receivedPayments(
  ledger: readonly LedgerEntry[],
  outbox: readonly PaymentCorrectEntry[],
): ReceivedPayment[] {
  const arrived = new Set(ledger.map((e) => e.receipt_id));
  const corrections = new Map<number, LedgerEntry[]>();
  for (const e of ledger) {
    if (e.kind !== 'correccion' || e.corrects_id === null) continue;
    const list = corrections.get(e.corrects_id);
    if (list) list.push(e);
    else corrections.set(e.corrects_id, [e]);
  }
  const waiting = outbox.filter(
    (q) => !q.cancelled && q.status !== 'synced' && !arrived.has(q.args.receiptId),
  );
  return ledger
    .filter((e) => e.kind === 'pago')
    .map((payment) => {
      const own = [...(corrections.get(payment.id) ?? [])].sort((a, b) => a.id - b.id);
      const latest = own.at(-1);
      return {
        payment,
        vigente: payment.vigente ?? latest?.amount ?? payment.amount,
        fecha: latest?.fecha ?? payment.fecha,
        corrections: own,
        queued: waiting
          .filter((q) => q.args.paymentReceiptId === payment.receipt_id)
          .sort((a, b) => a.id - b.id),
      };
    });
}

/**
 * 'Corregir' for this user: PAGOS_REGISTRAR, the server's rule of who corrects what (correction-rule.ts), and a
 * loan not renewed (the server refuses those: the new loan already deducted what this one owed).
 */
export function canCorrect(
  p: ReceivedPayment,
  who: Corrector & { registers: boolean },
  today: IsoDate,
  renewed: boolean,
): boolean {
  return (
    who.registers &&
    !renewed &&
    mayCorrectPayment(who, { userId: p.payment.user?.id ?? null, fecha: p.fecha }, today)
  );
}
