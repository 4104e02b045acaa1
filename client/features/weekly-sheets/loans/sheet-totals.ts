// A sheet's figures on the phone (decision 021): what it collected is what its loans' payments dated in its week
// bring — the server's figure for each sheet loan, plus this phone's payments it has not sent back yet — the same
// sum the office's list, the sheet's file and the processing read.
import { addDays, type IsoDate } from '../../../../shared/dates';
import { type Cents, cents, toCents, toPesos } from '../../../../shared/money';
import { summaryRowOf } from '../../../../shared/sheets/amounts';
import { PAYMENT_EVENT_DAYS } from '../../../../shared/sync/types';
import { type DevicePayment, receivedBetween } from '../../../store/device-payments';
import type { LocalWeeklySheet, LocalWeeklySheetLoan } from '../../../store/local-types';
import type { SheetLoanItem } from './read-sheet-items';

export interface SheetTotals {
  esperado: number;
  cobrado: number;
  /** Part of `cobrado` still on the phone (payments the server has not sent back yet). */
  pendienteSync: number;
  porCobrar: number;
}

const c = (pesos: number | undefined): Cents => toCents(pesos ?? 0) ?? cents(0);

type SheetWeek = Pick<LocalWeeklySheet, 'coverage_week' | 'coverage_week_end'>;

/**
 * What one sheet loan collected in the sheet's week: synced and still on this phone. The server's events of the
 * last weeks are on the device; for an older sheet the server's own sum for the loan stands for them.
 */
export function sheetLoanCollected(
  sheet: SheetWeek,
  sheetLoan: Pick<LocalWeeklySheetLoan, 'cobrado'>,
  payments: readonly DevicePayment[],
  today: IsoDate,
): { cobrado: Cents; synced: Cents } {
  const { coverage_week: from, coverage_week_end: to } = sheet;
  const recent = from >= addDays(today, -PAYMENT_EVENT_DAYS) || sheetLoan.cobrado === undefined;
  const synced = recent ? receivedBetween(payments, from, to, true) : c(sheetLoan.cobrado);
  const local = receivedBetween(
    payments.filter((p) => !p.synced),
    from,
    to,
  );
  return { cobrado: cents(synced + local), synced };
}

export function sheetTotals(
  sheet: SheetWeek & Pick<LocalWeeklySheet, 'monto_esperado'>,
  items: readonly Pick<SheetLoanItem, 'sheetLoan' | 'payments'>[],
  today: IsoDate,
): SheetTotals {
  let cobrado = 0;
  let synced = 0;
  for (const item of items) {
    const got = sheetLoanCollected(sheet, item.sheetLoan, item.payments, today);
    cobrado += got.cobrado;
    synced += got.synced;
  }
  const esperado = c(sheet.monto_esperado);
  return {
    esperado: toPesos(esperado),
    cobrado: toPesos(cents(cobrado)),
    pendienteSync: toPesos(cents(Math.max(0, cobrado - synced))),
    porCobrar: toPesos(cents(Math.max(0, esperado - cobrado))),
  };
}

/** The figures that need every loan and row of the sheet: read after the first page is on screen. */
export interface SheetSummary {
  totals: SheetTotals;
  /** Σ monto con interés of the sheet's loans. */
  montoTotal: number;
  /**
   * The Resumen's counts: loans with something still to record (its rows) and those without (the week covered),
   * and what the sheet's loans owed in all when it was taken (Σ ADEUDO, the file's total).
   */
  pendientes: number;
  pagados: number;
  adeudo: number;
  /** Sheet loans whose loan the device no longer keeps (closed long ago). */
  missing: number;
}

export function summarizeSheet(
  sheet: SheetWeek & Pick<LocalWeeklySheet, 'monto_esperado'>,
  sheetLoanCount: number,
  items: readonly SheetLoanItem[],
  today: IsoDate,
): SheetSummary {
  let montoTotal = 0;
  let adeudo = 0;
  let pendientes = 0;
  for (const { detail, sheetLoan } of items) {
    montoTotal += c(detail.loan.monto_con_interes);
    // ADEUDO as the sheet took it: the total of its file's column.
    adeudo += c(sheetLoan.adeudo);
    if (summaryRowOf(detail.rows, today, sheet.coverage_week_end)) pendientes++;
  }
  return {
    totals: sheetTotals(sheet, items, today),
    montoTotal: toPesos(cents(montoTotal)),
    pendientes,
    pagados: items.length - pendientes,
    adeudo: toPesos(cents(adeudo)),
    missing: sheetLoanCount - items.length,
  };
}
