// What the weekly sheet's spreadsheet shows: the routes read it from the database, the workbook lays it out.
import type { IsoDate } from '../../../shared/dates';
import type { Cents } from '../../../shared/money';

export interface SheetFileRow {
  grupo: number;
  /** PRÉSTAMO: the loan's reference (PR-000123). */
  loanReference: string;
  saldoALiquidar: Cents;
  /** ADEUDO: what the loan owed in all when the sheet was taken. */
  adeudo: Cents;
  /** A COBRAR: the week's row and the arrears, what the week expects from this loan (adds up to the total). */
  aCobrar: Cents;
  abono: Cents;
  /** # PAG and FECHA PAGO: the row due in the covered week (null when only arrears are due). */
  numeroPago: number | null;
  fechaPago: IsoDate | null;
  /** PAGÓ / PARCIAL / FECHA PAGADA: blank on a fresh sheet, filled from what the server has when downloaded later. */
  pagado: boolean;
  parcial: Cents;
  fechaPagada: IsoDate | null;
  clienteNombre: string;
  celular: string;
}

export interface SheetFileInput {
  sheetId: number;
  municipalityName: string;
  week: string;
  coverageWeek: IsoDate;
  coverageWeekEnd: IsoDate;
  montoEsperado: Cents;
  /** Any order: the workbook sorts by group, then client name. */
  rows: SheetFileRow[];
}
