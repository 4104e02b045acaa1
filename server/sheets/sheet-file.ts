// GET /api/weekly-sheets/{id}/file: the snapshot as it stands now, laid out by the workbook.
import { toCents } from '../../shared/money';
import type { SheetLoan, WeeklySheet } from '../../shared/sheets/types';
import type { SheetFileInput } from './xlsx/sheet-file-input';

const c = (pesos: number) => toCents(pesos)!;

export function sheetFileInput(sheet: WeeklySheet, loans: readonly SheetLoan[]): SheetFileInput {
  return {
    sheetId: sheet.id,
    municipalityName: sheet.municipality_name,
    week: sheet.week,
    coverageWeek: sheet.coverage_week,
    coverageWeekEnd: sheet.coverage_week_end,
    montoEsperado: c(sheet.monto_esperado),
    rows: loans.map((l) => {
      const row = l.amortizations.find((a) => a.id === l.amortization_id) ?? null;
      return {
        grupo: l.grupo,
        loanReference: l.loan_reference,
        saldoALiquidar: c(l.saldo_a_liquidar),
        adeudo: c(l.adeudo),
        aCobrar: c(l.monto_esperado),
        abono: c(l.abono),
        numeroPago: row?.numero_pago ?? null,
        fechaPago: row?.fecha_pago ?? null,
        pagado: row?.pagada ?? false,
        parcial: c(row && !row.pagada ? row.parcial : 0),
        fechaPagada: row?.fecha_pagada ?? null,
        clienteNombre: l.client_nombre,
        celular: l.client_telefono,
      };
    }),
  };
}

/** 'hoja-de-cobro-santa-maria-del-tule-2026-W48.xlsx' */
export const sheetFileName = (sheet: WeeklySheet) =>
  `hoja-de-cobro-${sheet.municipality_name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}-${sheet.week}.xlsx`;
