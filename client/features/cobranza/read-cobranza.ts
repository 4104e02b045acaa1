// This week's route from the device store (docs/producto.md §2.5): per municipality, the sheet of its coverage
// week, or — without one — the active loans with something due by the week's end (the sheet's own rule), so the
// collector can work before the office generates the sheet.
import type { IsoDate } from '../../../shared/dates';
import type { CollectionDay } from '../../../shared/municipalities/schemas';
import { collectionWeekOf } from '../../../shared/sheets/coverage-week';
import { MUTATION } from '../../../shared/sync/types';
import type { LocalDb } from '../../store/database';
import type { LocalMunicipality, LocalWeeklySheet, VisitOutboxEntry } from '../../store/local-types';
import { schedulesOf } from '../../store/schedules';
import type { LoanDetail } from '../loans/use-loan-detail';
import { readSheetItems } from '../weekly-sheets/loans/read-sheet-items';
import type { CardInput, VisitMark } from './cobranza-model';

export interface CobranzaItem {
  input: CardInput;
  detail: LoanDetail;
  week: { start: IsoDate; end: IsoDate };
  municipalityId: number;
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
  const loans = await db.loans.filter((l) => l.municipality_id === municipalityId);
  const rows = await schedulesOf(
    db,
    loans.map((l) => l.id),
  );
  return loans.filter((loan) =>
    rows
      .get(loan.id)!
      .some(
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
    if (e.name === MUTATION.visitCreate && e.status !== 'rejected' && !e.cancelled) {
      const { args } = e as VisitOutboxEntry;
      add(args.loanId, args, args.receiptId);
    }
  return byLoan;
}

/** The coverage week being worked today: the town's collection week that holds today (shared rule). */
export const currentCoverage = (day: CollectionDay, today: IsoDate) => collectionWeekOf(day, today);

/** A loan's place on the route, known without reading the loan: the sheet loan's route fields. */
export interface RouteEntry {
  loanId: number;
  clientId: number;
  grupo: number;
  clientName: string;
  reference: string;
  sheet: CardInput['sheet'];
}

export interface CobranzaRouteTown {
  municipality: LocalMunicipality;
  week: { start: IsoDate; end: IsoDate };
  sheet: LocalWeeklySheet | null;
  entries: RouteEntry[];
  /** Towns without a sheet are read in full to know their loans: their items are already here. */
  items: CobranzaItem[] | null;
}

/**
 * The week's route of every town, light: for a town with a sheet only its sheet loans (the route fields the
 * server copied onto them), so 500 loans are ordered and searched before any loan, client or row is read.
 */
export function readCobranzaRoute(db: LocalDb, today: IsoDate): Promise<CobranzaRouteTown[]>;
/**
 * Only the sheets' route: null when a town without its week's sheet has loans on the device (it would be read
 * whole). The catalogue holds every town of the account, most without loans here: those are no route.
 */
export function readCobranzaRoute(
  db: LocalDb,
  today: IsoDate,
  sheetsOnly: true,
): Promise<CobranzaRouteTown[] | null>;
export async function readCobranzaRoute(
  db: LocalDb,
  today: IsoDate,
  sheetsOnly = false,
): Promise<CobranzaRouteTown[] | null> {
  const municipalities = (await db.municipalities.toArray()).filter((m) => !m.delete);
  const towns: CobranzaRouteTown[] = [];
  const withoutSheet = new Set<number>();
  for (const municipality of municipalities.sort((a, b) => a.name.localeCompare(b.name, 'es'))) {
    const coverage = currentCoverage(municipality.collection_day, today);
    const week = { start: coverage.coverageWeek, end: coverage.coverageWeekEnd };
    const sheet = await sheetOfWeek(db, municipality.id, coverage.coverageWeek);
    if (sheet) {
      const sheetLoans = await db.weekly_sheet_loans.where('weekly_sheet_id').equals(sheet.id).toArray();
      const entries = sheetLoans.map(
        (s): RouteEntry => ({
          loanId: s.loan_id,
          clientId: s.client_id,
          grupo: s.grupo,
          clientName: s.client_nombre,
          reference: s.loan_reference,
          sheet: { esperado: s.monto_esperado },
        }),
      );
      towns.push({ municipality, week, sheet, entries, items: null });
      continue;
    }
    if (sheetsOnly) {
      withoutSheet.add(municipality.id);
      continue;
    }
    const loans = await loansOfWeek(db, municipality.id, week);
    const base = { municipality, week, sheet: null };
    const items = await readTownItems(
      db,
      base,
      loans.map((loan) => ({ loanId: loan.id, clientId: loan.client_id, sheet: null })),
    );
    if (items.length === 0) continue;
    const entries = items.map(
      ({ input }): RouteEntry => ({
        loanId: input.loanId,
        clientId: 0,
        grupo: input.grupo,
        clientName: input.clientName,
        reference: input.reference,
        sheet: null,
      }),
    );
    towns.push({ ...base, entries, items });
  }
  // One pass over the loans (not their schedules) to know whether those towns have any here.
  if (withoutSheet.size > 0 && (await db.loans.filter((l) => withoutSheet.has(l.municipality_id))).length > 0)
    return null;
  return towns;
}

/** The items of some of a town's loans, with their rows, visits and sync state. */
async function readTownItems(
  db: LocalDb,
  town: Pick<CobranzaRouteTown, 'municipality' | 'week'>,
  entries: readonly Pick<RouteEntry, 'loanId' | 'clientId' | 'sheet'>[],
): Promise<CobranzaItem[]> {
  if (entries.length === 0) return [];
  const loanIds = entries.map((e) => e.loanId);
  const [read, visits, pending] = await Promise.all([
    readSheetItems(
      db,
      entries.map((e) => ({ loan_id: e.loanId, client_id: e.clientId, sheet: e.sheet })),
      town.municipality.name,
    ),
    visitsOf(db, loanIds),
    db.outbox.where('loanId').anyOf(loanIds).toArray(),
  ]);
  const pendingLoans = new Set(
    pending.flatMap((e) => (e.status === 'pending' && e.loanId ? [e.loanId] : [])),
  );
  return read.map(
    ({ sheetLoan, detail, payments }): CobranzaItem => ({
      detail,
      week: town.week,
      municipalityId: town.municipality.id,
      input: {
        loanId: detail.loan.id,
        reference: detail.loan.loan_reference,
        grupo: detail.loan.grupo,
        clientName: detail.client?.nombre ?? 'Cliente no disponible',
        telefono: detail.client?.telefono ?? null,
        loan: detail.loan,
        rows: detail.rows,
        payments,
        sheet: sheetLoan.sheet,
        visits: visits.get(detail.loan.id) ?? [],
        pendingSync: pendingLoans.has(detail.loan.id),
      },
    }),
  );
}

/** The items of the route's loans in `ids` (all of them when null), town by town. */
export async function readCobranzaItems(
  db: LocalDb,
  towns: readonly CobranzaRouteTown[],
  ids: ReadonlySet<number> | null,
): Promise<CobranzaItem[]> {
  const wanted = (loanId: number) => ids === null || ids.has(loanId);
  const perTown = await Promise.all(
    towns.map((town) =>
      town.items
        ? town.items.filter((item) => wanted(item.input.loanId))
        : readTownItems(
            db,
            town,
            town.entries.filter((e) => wanted(e.loanId)),
          ),
    ),
  );
  return perTown.flat();
}
