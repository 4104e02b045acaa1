// What 'Estado de cuenta' reads: on the device, the Cobranza card's own read of a loan (its loan, client, rows and
// payments as every money figure of the phone counts them), plus its town; a loan the device does not keep, from
// the server while online.
import type { Loan } from '../../../shared/loans/types';
import type { LedgerEntry } from '../../../shared/payments/types';
import type { LocalDb } from '../../store/database';
import { readSheetItems } from '../weekly-sheets/loans/read-sheet-items';
import type { StatementInput } from './statement-model';

export type StatementData = Omit<StatementInput, 'ledger' | 'names'> & { source: 'device' | 'server' };

/** The loan as the device holds it, or null when it does not. */
export async function readStatementData(db: LocalDb, loanId: number): Promise<StatementData | null> {
  // No client id: the read takes the loan's own.
  const [item] = await readSheetItems(db, [{ loan_id: loanId, client_id: 0 }], null);
  if (!item) return null;
  const { loan, client, rows } = item.detail;
  const town = await db.municipalities.get(loan.municipality_id);
  return {
    loan,
    client,
    municipalityName: town?.name ?? null,
    collectionDay: town?.collection_day ?? null,
    rows,
    payments: item.payments,
    source: 'device',
  };
}

/** A loan read from GET /api/loans/:id (one the device does not keep): no payments of this phone. */
export const serverStatementData = (loan: Loan): StatementData => ({
  loan,
  client: { nombre: loan.client_nombre, telefono: loan.client_telefono },
  municipalityName: loan.municipality_name,
  collectionDay: loan.collection_day ?? null,
  rows: [...loan.amortizacion].sort((a, b) => a.numero_pago - b.numero_pago),
  payments: [],
  source: 'server',
});

// The synced events name a user by id only: the names a ledger read gave are kept on this phone, per user, so
// the statement read offline still says who recorded each payment.
const namesKey = (userId: number) => `estado-cuenta-nombres-u${userId}`;

export function readKnownNames(userId: number): Map<number, string> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(namesKey(userId)) ?? '{}');
    if (parsed === null || typeof parsed !== 'object') return new Map();
    return new Map(
      Object.entries(parsed).flatMap(([id, name]) =>
        Number.isSafeInteger(Number(id)) && typeof name === 'string' ? [[Number(id), name] as const] : [],
      ),
    );
  } catch {
    return new Map();
  }
}

/** Adds the names a ledger gives; returns them all. */
export function rememberNames(userId: number, ledger: readonly LedgerEntry[]): Map<number, string> {
  const names = readKnownNames(userId);
  let changed = false;
  for (const e of ledger)
    if (e.user && names.get(e.user.id) !== e.user.name) {
      names.set(e.user.id, e.user.name);
      changed = true;
    }
  if (changed)
    try {
      localStorage.setItem(namesKey(userId), JSON.stringify(Object.fromEntries(names)));
    } catch {
      // A full or blocked storage only loses the names offline ('Otro usuario'), never a figure.
    }
  return names;
}
