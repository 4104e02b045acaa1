// This week's route from the device store (issue 12): per municipality, the sheet of its coverage week, or —
// without one — the active loans with something due by the week's end (the sheet's own rule), so the
// collector can work before the office generates the sheet.
import { addDays, type IsoDate } from '../../../shared/dates';
import type { CollectionDay } from '../../../shared/municipalities/schemas';
import { coverageWeekFor } from '../../../shared/sheets/coverage-week';
import type { LocalDb } from '../../db/database';
import type { LocalMunicipality, LocalWeeklySheet, VisitOutboxEntry } from '../../db/local-types';
import type { LoanDetail } from '../loans/use-loan-detail';
import { readSheetItems } from '../weekly-sheets/loans/read-sheet-items';
import type { CardInput, VisitMark } from './cobranza-model';

export interface CobranzaItem {
  input: CardInput;
  detail: LoanDetail;
  week: { start: IsoDate; end: IsoDate };
  municipalityId: number;
}

export interface CobranzaTown {
  municipality: LocalMunicipality;
  week: { start: IsoDate; end: IsoDate };
  /** null: no sheet for the week on this phone; the loans come from the fallback rule. */
  sheet: LocalWeeklySheet | null;
  items: CobranzaItem[];
}

async function sheetOfWeek(db: LocalDb, municipalityId: number, coverageWeek: IsoDate) {
  const sheets = await db.weekly_sheets.where('municipality_id').equals(municipalityId).toArray();
  return sheets.find((s) => s.coverage_week === coverageWeek) ?? null;
}

/**
 * The town's loans of the week without a sheet: active ones with a row due in the week or an arrear, and any
 * that received money in the week (so a payment never takes a card off the route).
 */
async function loansOfWeek(db: LocalDb, municipalityId: number, week: { start: IsoDate; end: IsoDate }) {
  const loans = await db.loans.where('municipality_id').equals(municipalityId).toArray();
  const rows = await Promise.all(loans.map((l) => db.amortizations.where('loan_id').equals(l.id).toArray()));
  return loans.filter((loan, i) =>
    rows[i]!.some(
      (r) =>
        (!loan.pagada &&
          !r.renovo &&
          r.fecha_pago <= week.end &&
          (r.fecha_pago >= week.start || !r.pagada)) ||
        (r.fecha_pagada !== null && r.fecha_pagada >= week.start && r.fecha_pagada <= week.end),
    ),
  );
}

/** Visits of these loans: synced ones and the ones still in this phone's outbox (one per receipt). */
async function visitsOf(db: LocalDb, loanIds: readonly number[]): Promise<Map<number, VisitMark[]>> {
  const [stored, queued] = await Promise.all([
    db.visits
      .where('loan_id')
      .anyOf([...loanIds])
      .toArray(),
    db.outbox
      .where('loanId')
      .anyOf([...loanIds])
      .toArray(),
  ]);
  const byLoan = new Map<number, VisitMark[]>();
  const seen = new Set<string>();
  const add = (loanId: number, v: VisitMark, receipt: string) => {
    if (seen.has(receipt)) return;
    seen.add(receipt);
    byLoan.set(loanId, [...(byLoan.get(loanId) ?? []), v]);
  };
  for (const v of stored) add(v.loan_id, v, v.receipt_id);
  for (const e of queued)
    if (e.name === 'visit.create' && e.status !== 'rejected' && !e.cancelled) {
      const { args } = e as VisitOutboxEntry;
      add(args.loanId, args, args.receiptId);
    }
  return byLoan;
}

/**
 * The coverage week being worked today: the one that holds today. Before this week's collection day that is
 * last week's (a Friday town's week runs Friday to Thursday), so a payment of today counts in its week.
 */
export function currentCoverage(day: CollectionDay, today: IsoDate) {
  const thisWeek = coverageWeekFor(day, today);
  return thisWeek.coverageWeek <= today ? thisWeek : coverageWeekFor(day, addDays(today, -7));
}

export async function readCobranza(db: LocalDb, today: IsoDate): Promise<CobranzaTown[]> {
  const municipalities = (await db.municipalities.toArray()).filter((m) => !m.delete);
  const pendingLoans = new Set(
    (await db.outbox.where('status').equals('pending').toArray()).flatMap((e) =>
      e.loanId ? [e.loanId] : [],
    ),
  );
  const towns: CobranzaTown[] = [];
  for (const municipality of municipalities.sort((a, b) => a.name.localeCompare(b.name, 'es'))) {
    const coverage = currentCoverage(municipality.collection_day, today);
    const week = { start: coverage.coverageWeek, end: coverage.coverageWeekEnd };
    const sheet = await sheetOfWeek(db, municipality.id, coverage.coverageWeek);
    type Entry = { loan_id: number; client_id: number; sheet: CardInput['sheet'] };
    const entries: Entry[] = sheet
      ? (await db.weekly_sheet_loans.where('weekly_sheet_id').equals(sheet.id).toArray()).map((s) => ({
          loan_id: s.loan_id,
          client_id: s.client_id,
          sheet: { cobradoPrevio: s.cobrado_previo, esperado: s.monto_esperado },
        }))
      : (await loansOfWeek(db, municipality.id, week)).map((loan) => ({
          loan_id: loan.id,
          client_id: loan.client_id,
          sheet: null,
        }));
    const read = await readSheetItems(db, entries, municipality.name);
    const visits = await visitsOf(
      db,
      read.map((r) => r.detail.loan.id),
    );
    const items = read.map(
      ({ sheetLoan, detail, serverRows }): CobranzaItem => ({
        detail,
        week,
        municipalityId: municipality.id,
        input: {
          loanId: detail.loan.id,
          reference: detail.loan.loan_reference,
          grupo: detail.loan.grupo,
          clientName: detail.client?.nombre ?? 'Cliente no disponible',
          telefono: detail.client?.telefono ?? null,
          abono: detail.loan.abono,
          rows: detail.rows,
          serverRows,
          sheet: sheetLoan.sheet,
          visits: visits.get(detail.loan.id) ?? [],
          pendingSync: pendingLoans.has(detail.loan.id),
        },
      }),
    );
    if (sheet || items.length > 0) towns.push({ municipality, week, sheet, items });
  }
  return towns;
}
