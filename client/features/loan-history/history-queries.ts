// What the history reads from the device store. Two reads, so a municipality with thousands of loans stays
// fast: the loans and their clients' names (to sort and count), then the payment rows of one page only.
import type { LocalDb } from '../../store/database';
import type { LocalAmortization, LocalMunicipality } from '../../store/local-types';
import { schedulesOf } from '../../store/schedules';
import { compareEntries, type HistoryEntry } from './history-rows';

/** The device's loans (open, and closed in the last 8 weeks: docs/sincronizacion.md scope), sorted; null: every municipality. */
export async function readHistoryEntries(
  db: LocalDb,
  municipalityId: number | null,
): Promise<HistoryEntry[]> {
  const loans =
    municipalityId === null
      ? await db.loans.toArray()
      : await db.loans.filter((l) => l.municipality_id === municipalityId);
  const clientIds = [...new Set(loans.map((l) => l.client_id))];
  const clients = await db.clients.bulkGet(clientIds);
  const nameOf = new Map(clientIds.map((id, i) => [id, clients[i]?.nombre ?? 'N/A']));
  return loans
    .map(
      (loan): HistoryEntry => ({
        loanId: loan.id,
        loanReference: loan.loan_reference,
        nombre: nameOf.get(loan.client_id) ?? 'N/A',
        fechaInicio: loan.fecha_inicio,
        grupo: loan.grupo,
        abono: loan.abono,
        serverRows: null,
      }),
    )
    .sort(compareEntries);
}

/** The payment rows of these loans, by loan (a loan without rows maps to an empty list). */
export async function readRowsOfLoans(
  db: LocalDb,
  loanIds: readonly number[],
): Promise<Map<number, LocalAmortization[]>> {
  return schedulesOf(db, loanIds);
}

/** The municipalities the filter offers: not deleted, by name. */
export async function readMunicipalityOptions(db: LocalDb): Promise<LocalMunicipality[]> {
  const all = await db.municipalities.toArray();
  return all.filter((m) => !m.delete).sort((a, b) => a.name.localeCompare(b.name, 'es'));
}
