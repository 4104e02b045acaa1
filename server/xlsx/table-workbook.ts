// A report or list as a print-ready .xlsx: a title block, one header row, typed cells (money as numbers with
// an MXN format, dates as dates, percentages as numbers) and an optional bold totals row; landscape, one
// page wide, header frozen and repeated on every printed page. The weekly sheet has its own layout.
import XLSX from 'sheetjs-style';
import type { IsoDate } from '../../shared/dates';
import { applyPrintSetup } from './print-setup';

export const MONEY_FORMAT = '"$"#,##0.00';
export const DATE_FORMAT = 'dd/mm/yyyy';
export const PERCENT_FORMAT = '0.0"%"';
export const DATETIME_FORMAT = 'dd/mm/yyyy hh:mm';

/** The most characters a spreadsheet cell holds; a longer text is cut there (Excel refuses the file otherwise). */
export const MAX_CELL_TEXT = 32_767;

/**
 * How a column's values are written: money in pesos (number), an ISO date, a date and time ('YYYY-MM-DDTHH:MM:SS',
 * a wall-clock time: a spreadsheet has no time zones), a whole number, a percent (0–100).
 */
export type CellKind = 'text' | 'money' | 'date' | 'datetime' | 'int' | 'percent';
export type CellValue = string | number | null;

export interface TableColumn {
  header: string;
  kind: CellKind;
  /** Width in characters. */
  width: number;
}

export interface TableWorkbook {
  /** Sheet tab name (≤ 31 characters, no []:*?/\). */
  sheetName: string;
  title: string;
  /** Lines under the title: the range, the account, 'Generado: …'. */
  lines: readonly string[];
  columns: readonly TableColumn[];
  rows: readonly (readonly CellValue[])[];
  /** A last bold row; null cells stay empty. */
  totals?: readonly CellValue[];
}

// Styles are typed loosely: the package's own typings disagree with the values it accepts (font size).
type Cell = Omit<XLSX.CellObject, 's'> & { s?: unknown };
const thin = { style: 'thin', color: { rgb: 'FF9CA3AF' } };
const border = { top: thin, bottom: thin, left: thin, right: thin };
const base = { font: { name: 'Arial', sz: 10 }, border, alignment: { vertical: 'center' } };
const bold = { ...base, font: { name: 'Arial', sz: 10, bold: true }, fill: { fgColor: { rgb: 'FFF3F4F6' } } };
const head = {
  ...base,
  font: { name: 'Arial', sz: 10, bold: true },
  fill: { fgColor: { rgb: 'FFD1FAE5' } },
  alignment: { horizontal: 'center', vertical: 'center', wrapText: true },
};

/** Days since 1899-12-30: what a spreadsheet calls a date. */
const dateSerial = (value: IsoDate) =>
  Date.UTC(+value.slice(0, 4), +value.slice(5, 7) - 1, +value.slice(8, 10)) / 86_400_000 + 25_569;

/** 'YYYY-MM-DDTHH:MM[:SS]' as a date serial with the time of day as its fraction. */
const dateTimeSerial = (value: string) =>
  dateSerial(value.slice(0, 10)) +
  (+value.slice(11, 13) * 3600 + +value.slice(14, 16) * 60 + (+value.slice(17, 19) || 0)) / 86_400;

/**
 * Each cell gets its own copy of the style: sheetjs-style writes a cell's format (`z`) into its style object, so
 * a shared one carried the last money or date format to every later cell, counts included, and from one
 * download to the next (the objects live as long as the process). `style` null: the value and its number format
 * only, for a writer that styles cells by their format (xlsx/multi-sheet-workbook.ts).
 */
export function tableCell(kind: CellKind, value: CellValue, style: object | null = base): Cell {
  const s = style ? { s: { ...style } } : {};
  if (value === null || value === '') return { t: 's', v: '', ...s };
  if (kind === 'text' || typeof value === 'string') {
    if (kind === 'date' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)) {
      return { t: 'n', v: dateSerial(value.slice(0, 10)), z: DATE_FORMAT, ...s };
    }
    if (kind === 'datetime' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(value)) {
      return { t: 'n', v: dateTimeSerial(value), z: DATETIME_FORMAT, ...s };
    }
    return { t: 's', v: String(value).slice(0, MAX_CELL_TEXT), ...s };
  }
  if (kind === 'money') return { t: 'n', v: value, z: MONEY_FORMAT, ...s };
  if (kind === 'percent') return { t: 'n', v: value, z: PERCENT_FORMAT, ...s };
  return { t: 'n', v: value, ...s };
}

export function buildTableWorkbook(book: TableWorkbook): Buffer {
  const titleStyle = { font: { name: 'Arial', sz: 14, bold: true } };
  const plain = { font: { name: 'Arial', sz: 10 } };
  const aoa: Cell[][] = [
    [{ t: 's', v: book.title, s: titleStyle }],
    ...book.lines.map((line): Cell[] => [{ t: 's', v: line, s: plain }]),
    [],
    book.columns.map((c): Cell => ({ t: 's', v: c.header, s: head })),
    ...book.rows.map((row) => book.columns.map((c, i) => tableCell(c.kind, row[i] ?? null))),
  ];
  if (book.totals) aoa.push(book.columns.map((c, i) => tableCell(c.kind, book.totals![i] ?? null, bold)));
  const headerRow = book.lines.length + 3;

  const ws = XLSX.utils.aoa_to_sheet(aoa as XLSX.CellObject[][]);
  ws['!cols'] = book.columns.map((c) => ({ wch: c.width }));
  ws['!margins'] = { left: 0.3, right: 0.3, top: 0.4, bottom: 0.4, header: 0.2, footer: 0.2 };
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, book.sheetName);
  wb.Workbook = {
    Names: [{ Name: '_xlnm.Print_Titles', Sheet: 0, Ref: `'${book.sheetName}'!$${headerRow}:$${headerRow}` }],
  };
  const raw = XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  return applyPrintSetup(raw, headerRow);
}

/** The response headers of a downloaded workbook. */
export const xlsxHeaders = (fileName: string) => ({
  'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'Content-Disposition': `attachment; filename="${fileName}"`,
  'Cache-Control': 'no-store',
});
