// Weekly sheet shapes on the wire (docs/producto.md §3, §7). Money in pesos with two decimals, dates 'YYYY-MM-DD'.
import type { IsoDate } from '../dates';
import type { Amortization } from '../loans/types';

/** One line of the processing log (docs/producto.md §2 'Bitácora de Procesamiento'): which loan, and what happened. */
export interface SheetLogEntry {
  loan_id: number | null;
  loan_reference: string | null;
  client_nombre: string | null;
  message: string;
}

/** docs/producto.md §3 log: errors list, warnings list. Empty until the sheet is processed. */
export interface SheetLog {
  errors?: SheetLogEntry[];
  warnings?: SheetLogEntry[];
}

/** docs/producto.md §3 Weekly sheet, plus its municipality's name. */
export interface WeeklySheet {
  id: number;
  municipality_id: number;
  municipality_name: string;
  coverage_week: IsoDate;
  coverage_week_end: IsoDate;
  week: string;
  /** '/api/weekly-sheets/{id}/file': the .xlsx, fetched with the bearer token. */
  url: string;
  processed: boolean;
  /** Spelled so (docs/producto.md §3). */
  proccessing_date: string | null;
  /** Σ A COBRAR of the sheet's loans ('Total esperado'). */
  monto_esperado: number;
  /** Σ of the sheet's loans' payments dated in its week, as they stand: before processing too. */
  monto_cobrado: number;
  log: SheetLog;
  /** Loans on the sheet. */
  loans_count: number;
  created_at: string;
}

/** GET /api/coverage-week. */
export interface CoverageWeekResponse {
  coverageWeek: IsoDate;
  coverageWeekEnd: IsoDate;
  week: string;
  municipalityId: number;
}

/** POST /api/hoja-de-cobro: the sheet, and whether an unprocessed one was refreshed instead of created. */
export interface GenerateSheetResponse {
  data: WeeklySheet;
  refreshed: boolean;
  message: string;
}

/** POST /api/process-weekly-sheet/{id} (docs/producto.md §7): success, warnings, errors; plus the processed sheet. */
export interface ProcessSheetResponse {
  success: boolean;
  warnings: SheetLogEntry[];
  errors: SheetLogEntry[];
  data: WeeklySheet;
}

/** 'pendiente' orange, 'procesada' green, 'advertencias' yellow, 'errores' red (docs/producto.md §4 icon). */
export type SheetState = 'pendiente' | 'procesada' | 'advertencias' | 'errores';

/** GET /api/weekly-sheets/{id}/status. */
export interface SheetStatusResponse {
  data: {
    id: number;
    state: SheetState;
    processed: boolean;
    proccessing_date: string | null;
    monto_esperado: number;
    monto_cobrado: number;
    errors: number;
    warnings: number;
    /** Payments that reached the server after the sheet was processed (they count on their loans only). */
    late_payments: SheetLogEntry[];
  };
}

/** GET /api/loans-weekly-sheets?weeklySheetId=: one sheet loan with its loan, client and rows. */
export interface SheetLoan {
  id: number;
  weekly_sheet_id: number;
  loan_id: number;
  amortization_id: number | null;
  arrears_amortization_ids: number[];
  /** A COBRAR when the sheet was taken: what the week's row and the arrears lacked. */
  monto_esperado: number;
  /** ADEUDO when the sheet was taken: what the loan owed in all. */
  adeudo: number;
  /** The loan's payments dated in the sheet's week, as they stand. */
  cobrado: number;
  saldo_a_liquidar: number;
  cobrado_previo: number;
  loan_reference: string;
  grupo: number;
  client_id: number;
  client_nombre: string;
  client_telefono: string;
  monto_credito: number;
  monto_con_interes: number;
  abono: number;
  num_pago: number;
  total_pagos: number;
  pagada: boolean;
  amortizations: Amortization[];
}
