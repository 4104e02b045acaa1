// POST /api/hoja-de-cobro (docs/reglas-del-negocio.md): one sheet per municipality and coverage week, in one transaction.
import { businessToday, type IsoDate } from '../../shared/dates';
import { AppError } from '../../shared/errors';
import { snapshotLoan } from '../../shared/sheets/amounts';
import { type CoverageWeek, coverageWeekFor } from '../../shared/sheets/coverage-week';
import { sheetMessages as m } from '../../shared/sheets/messages';
import type { Db, Sql } from '../db/connect';
import { pgErrorCode, UNIQUE_VIOLATION } from '../db/pg-errors';
import { lockAccountVersion } from '../sync/account-version';
import type { Scope } from '../types';
import { findSheetMunicipality, lockSheetOfWeek } from './queries';
import { insertSheet, loansForSnapshot, type SheetLoanSnapshot, writeSnapshot } from './snapshot-queries';

export interface GenerateActor extends Scope {
  userId: number;
  timeZone: string;
}

/** Takes the snapshot of the municipality's loans for `week` and stores it on sheet `sheetId`. */
export async function takeSnapshot(
  tx: Db,
  accountId: number,
  sheetId: number,
  municipalityId: number,
  week: CoverageWeek,
  today: IsoDate,
): Promise<void> {
  const loans = await loansForSnapshot(tx, accountId, municipalityId);
  const snapshots: SheetLoanSnapshot[] = [];
  const span = { start: week.coverageWeek, end: week.coverageWeekEnd };
  for (const loan of loans) {
    const s = snapshotLoan(loan.loan, loan.rows, today, span);
    if (s)
      snapshots.push({
        loanId: loan.id,
        route: loan.route,
        amortizationId: s.amortizationId,
        arrearsIds: s.arrearsIds,
        expected: s.expected,
        adeudo: s.adeudo,
        receivedBefore: s.receivedBefore,
        saldoALiquidar: s.saldoALiquidar,
      });
  }
  await writeSnapshot(tx, accountId, sheetId, week, snapshots);
}

async function generateOnce(
  sql: Sql,
  actor: GenerateActor,
  municipalityId: number,
  date: IsoDate | undefined,
) {
  return sql.begin(async (tx) => {
    await lockAccountVersion(tx, actor.accountId);
    const municipality = await findSheetMunicipality(tx, actor, municipalityId);
    if (!municipality) throw new AppError('NOT_FOUND', m.municipioNoEncontrado);
    const today = businessToday(actor.timeZone);
    const week = coverageWeekFor(municipality.collection_day, date ?? today);
    const existing = await lockSheetOfWeek(tx, actor.accountId, municipalityId, week.coverageWeek);
    if (existing?.processed) throw new AppError('CONFLICT', m.regenerarProcesada);
    const id = existing?.id ?? (await insertSheet(tx, { ...actor, municipalityId, ...week }));
    await takeSnapshot(tx, actor.accountId, id, municipalityId, week, today);
    return { id, refreshed: existing !== undefined };
  });
}

/**
 * Generates or refreshes the sheet. Two first generations of one week at once: the unique constraint
 * refuses the second insert, which then finds the first one's sheet and refreshes it.
 */
export async function generateSheet(
  sql: Sql,
  actor: GenerateActor,
  municipalityId: number,
  date: IsoDate | undefined,
): Promise<{ id: number; refreshed: boolean }> {
  try {
    return await generateOnce(sql, actor, municipalityId, date);
  } catch (err) {
    if (pgErrorCode(err) !== UNIQUE_VIOLATION) throw err;
    return generateOnce(sql, actor, municipalityId, date);
  }
}
