// The weekly sheet as a print-ready .xlsx (docs/reglas-del-negocio.md): title block, DESIGN's columns sorted by group and client,
// a subtotal per group and a total; money as numbers with an MXN format; landscape, one page wide.
import XLSX from 'sheetjs-style';
import { formatDate, type IsoDate } from '../../../shared/dates';
import { type Cents, toPesos } from '../../../shared/money';
import { SHEET_COLUMNS } from '../../../shared/sheets/columns';
import { compareRoute } from '../../../shared/sheets/route-order';
import { applyPrintSetup } from '../../xlsx/print-setup';
import { DATE_FORMAT, MONEY_FORMAT } from '../../xlsx/table-workbook';
import type { SheetFileInput, SheetFileRow } from './sheet-file-input';

export { SHEET_COLUMNS };

/** The table's header is on this (1-based) row; the rows above it are the title block. */
export const HEADER_ROW = 6;

type Cell = XLSX.CellObject & { s?: unknown };
const thin = { style: 'thin', color: { rgb: 'FF9CA3AF' } };
const border = { top: thin, bottom: thin, left: thin, right: thin };
const base = { font: { name: 'Arial', sz: 10 }, border, alignment: { vertical: 'center' } };
const bold = { ...base, font: { name: 'Arial', sz: 10, bold: true } };

// A formatted cell gets its own copy of the style: sheetjs-style writes the cell's format (`z`) into the style
// object, and a shared one passed it on to every later cell (a group number shown as $2.00).
const text = (v: string, s: object = base): Cell => ({ t: 's', v, s });
const money = (value: Cents, s: object = base): Cell => ({
  t: 'n',
  v: toPesos(value),
  z: MONEY_FORMAT,
  s: { ...s },
});
const int = (v: number | null, s: object = base): Cell =>
  v === null ? text('', s) : { t: 'n', v, s: { ...s } };
/** A date cell: days since 1899-12-30, shown dd/mm/yyyy. */
function date(value: IsoDate | null, s: object = base): Cell {
  if (!value) return text('', s);
  const serial =
    Date.UTC(+value.slice(0, 4), +value.slice(5, 7) - 1, +value.slice(8, 10)) / 86_400_000 + 25_569;
  return { t: 'n', v: serial, z: DATE_FORMAT, s: { ...s } };
}

const loanLine = (r: SheetFileRow): Cell[] => [
  int(r.grupo),
  text(r.loanReference),
  money(r.saldoALiquidar),
  money(r.adeudo),
  money(r.aCobrar),
  money(r.abono),
  int(r.numeroPago),
  date(r.fechaPago),
  text(r.pagado ? 'Sí' : ''),
  r.parcial > 0 ? money(r.parcial) : text(''),
  date(r.fechaPagada),
  text(r.clienteNombre),
  text(r.celular),
];

const sum = (rows: readonly SheetFileRow[], pick: (r: SheetFileRow) => Cents) =>
  rows.reduce((total, r) => total + pick(r), 0) as Cents;

function sumLine(label: string, rows: readonly SheetFileRow[]): Cell[] {
  const s = { ...bold, fill: { fgColor: { rgb: 'FFF3F4F6' } } };
  return [
    text('', s),
    text(label, s),
    money(
      sum(rows, (r) => r.saldoALiquidar),
      s,
    ),
    money(
      sum(rows, (r) => r.adeudo),
      s,
    ),
    money(
      sum(rows, (r) => r.aCobrar),
      s,
    ),
    money(
      sum(rows, (r) => r.abono),
      s,
    ),
    text('', s),
    text('', s),
    text('', s),
    money(
      sum(rows, (r) => r.parcial),
      s,
    ),
    text('', s),
    text(`${rows.length} ${rows.length === 1 ? 'préstamo' : 'préstamos'}`, s),
    text('', s),
  ];
}

const routeKey = (r: SheetFileRow) => ({
  grupo: r.grupo,
  client_nombre: r.clienteNombre,
  loan_reference: r.loanReference,
});
const byRoute = (a: SheetFileRow, b: SheetFileRow) => compareRoute(routeKey(a), routeKey(b));

export function buildSheetWorkbook(input: SheetFileInput): Buffer {
  const rows = [...input.rows].sort(byRoute);
  const title = { font: { name: 'Arial', sz: 14, bold: true } };
  const plain = { font: { name: 'Arial', sz: 10 } };
  const head = {
    ...bold,
    fill: { fgColor: { rgb: 'FFD1FAE5' } },
    alignment: { horizontal: 'center', wrapText: true },
  };
  const aoa: Cell[][] = [
    [text('Hoja de Cobro Semanal', title)],
    [text(`Municipio: ${input.municipalityName}`, plain)],
    [text(`Semana: ${input.week}`, plain)],
    [text(`Cobertura: ${formatDate(input.coverageWeek)} al ${formatDate(input.coverageWeekEnd)}`, plain)],
    [
      text('Total esperado:', { font: { name: 'Arial', sz: 10, bold: true } }),
      money(input.montoEsperado, plain),
    ],
    SHEET_COLUMNS.map((h) => text(h, head)),
  ];
  const groups = [...new Set(rows.map((r) => r.grupo))];
  for (const grupo of groups) {
    const inGroup = rows.filter((r) => r.grupo === grupo);
    for (const r of inGroup) aoa.push(loanLine(r));
    aoa.push(sumLine(`Subtotal grupo ${grupo}`, inGroup));
  }
  aoa.push(sumLine('TOTAL', rows));

  const ws = XLSX.utils.aoa_to_sheet(aoa);
  ws['!cols'] = [6, 11, 12, 12, 12, 10, 5, 10, 5, 10, 11, 28, 12].map((wch) => ({ wch }));
  ws['!rows'] = aoa.map((_, i) => ({ hpt: i < HEADER_ROW - 1 ? 18 : i === HEADER_ROW - 1 ? 20 : 22 }));
  ws['!margins'] = { left: 0.3, right: 0.3, top: 0.4, bottom: 0.4, header: 0.2, footer: 0.2 };
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, 'Hoja de Cobro');
  wb.Workbook = {
    Names: [{ Name: '_xlnm.Print_Titles', Sheet: 0, Ref: `'Hoja de Cobro'!$${HEADER_ROW}:$${HEADER_ROW}` }],
  };
  const raw = XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  return applyPrintSetup(raw, HEADER_ROW);
}
