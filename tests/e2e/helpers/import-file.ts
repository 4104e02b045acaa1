// Filled-in import templates for the e2e and the bench: the template's sheets and headers, dates as real spreadsheet
// dates (as a lender's Excel saves them), money as numbers.
import XLSX from '@e965/xlsx';
import { LOAN_COLUMNS, LOAN_SHEET, PAYMENT_COLUMNS, PAYMENT_SHEET } from '../../../shared/imports/columns';

export type LoanCells = Partial<Record<(typeof LOAN_COLUMNS)[number]['key'], string | number | Date>>;
export type PaymentCells = Partial<Record<(typeof PAYMENT_COLUMNS)[number]['key'], string | number | Date>>;

/** 'YYYY-MM-DD' as the date cell Excel writes (a date at UTC midnight, so the serial is a whole day). */
export const excelDate = (iso: string) => new Date(`${iso}T00:00:00Z`);

export function importWorkbook(loans: readonly LoanCells[], payments: readonly PaymentCells[] = []): Buffer {
  const sheet = (
    columns: readonly { key: string; header: string }[],
    rows: readonly Record<string, unknown>[],
  ) =>
    XLSX.utils.aoa_to_sheet(
      [columns.map((c) => c.header), ...rows.map((r) => columns.map((c) => r[c.key] ?? null))],
      { cellDates: true, dateNF: 'dd/mm/yyyy' },
    );
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet(LOAN_COLUMNS, loans), LOAN_SHEET);
  XLSX.utils.book_append_sheet(book, sheet(PAYMENT_COLUMNS, payments), PAYMENT_SHEET);
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/**
 * `n` running SEMANAL loans over the given towns, started in the last 13 weeks, each paid up to a few abonos
 * (a total in 'Pagado a la fecha', dated by the schedule on import).
 */
export function portfolioRows(n: number, towns: readonly string[], today: string, tag = 'B'): LoanCells[] {
  const day = (iso: string, days: number) => {
    const d = new Date(`${iso}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + days);
    return d.toISOString().slice(0, 10);
  };
  return Array.from({ length: n }, (_, i) => {
    const weeks = 1 + (i % 13);
    const monto = 1000 + (i % 20) * 500;
    // 14 abonos of ceil(monto × 1.2 / 14); paid some of those already due.
    const abono = Math.ceil((monto * 1.2) / 14);
    return {
      referencia: `${tag}-${String(i + 1).padStart(6, '0')}`,
      clave_cliente: `${tag}C-${i + 1}`,
      nombre: `Cliente ${tag} ${i + 1}`,
      telefono: String(5_500_000_000 + i),
      municipio: towns[i % towns.length]!,
      modalidad: 'SEMANAL',
      monto_credito: monto,
      fecha_inicio: excelDate(day(today, -7 * weeks)),
      garantias: 'Televisión; Refrigerador',
      pagado: abono * (i % weeks),
    };
  });
}
