import { createRequire } from 'node:module';
import XLSX from 'sheetjs-style';
import { describe, expect, test } from 'vitest';
import type { SheetFileRow } from '../../../server/sheets/xlsx/sheet-file-input';
import { buildSheetWorkbook, HEADER_ROW, SHEET_COLUMNS } from '../../../server/sheets/xlsx/sheet-workbook';
import { MONEY_FORMAT } from '../../../server/xlsx/table-workbook';
import { type Cents, toCents } from '../../../shared/money';

const JSZip = createRequire(import.meta.url)('sheetjs-style/jszip.js') as new (
  data: Buffer,
) => {
  file(name: string): { asText(): string } | null;
  files: Record<string, { _data?: { compressedSize: number; uncompressedSize: number } }>;
};

const c = (pesos: number) => toCents(pesos)! as Cents;
const row = (over: Partial<SheetFileRow>): SheetFileRow => ({
  grupo: 1,
  loanReference: 'PR-000001',
  saldoALiquidar: c(4200),
  adeudo: c(4800),
  aCobrar: c(600),
  abono: c(600),
  numeroPago: 3,
  fechaPago: '2026-11-25',
  pagado: false,
  parcial: c(0),
  fechaPagada: null,
  clienteNombre: 'Cliente',
  celular: '0221234567',
  ...over,
});

const file = buildSheetWorkbook({
  sheetId: 7,
  municipalityName: 'Huamantla',
  week: '2026-W48',
  coverageWeek: '2026-11-26',
  coverageWeekEnd: '2026-12-02',
  montoEsperado: c(1850.5),
  rows: [
    row({
      grupo: 2,
      loanReference: 'PR-000003',
      clienteNombre: 'Zoila',
      abono: c(650.5),
      aCobrar: c(650.5),
      saldoALiquidar: c(1000.25),
    }),
    row({
      grupo: 1,
      loanReference: 'PR-000002',
      clienteNombre: 'Óscar',
      pagado: true,
      fechaPagada: '2026-11-26',
    }),
    row({ grupo: 1, loanReference: 'PR-000001', clienteNombre: 'Ana', parcial: c(250.5) }),
  ],
});
const book = XLSX.read(file, { type: 'buffer', cellStyles: true });
const ws = book.Sheets[book.SheetNames[0]!]!;
const at = (ref: string) => ws[ref] as XLSX.CellObject | undefined;
const zip = new JSZip(file);
const sheetXml = zip.file('xl/worksheets/sheet1.xml')!.asText();

describe('el archivo de la hoja de cobro', () => {
  test('título, encabezado en orden y préstamos por grupo y cliente, con subtotales y total', () => {
    expect(book.SheetNames).toEqual(['Hoja de Cobro']);
    expect(at('A1')?.v).toBe('Hoja de Cobro Semanal');
    expect(at('A2')?.v).toBe('Municipio: Huamantla');
    expect(at('A3')?.v).toBe('Semana: 2026-W48');
    expect(at('A4')?.v).toBe('Cobertura: 26/11/2026 al 02/12/2026');
    expect(at('B5')).toMatchObject({ t: 'n', v: 1850.5 });
    const header = SHEET_COLUMNS.map((_, i) => at(XLSX.utils.encode_cell({ r: HEADER_ROW - 1, c: i }))?.v);
    expect(header).toEqual([...SHEET_COLUMNS]);
    const col = (letter: string) =>
      Array.from({ length: 6 }, (_, i) => at(`${letter}${HEADER_ROW + 1 + i}`)?.v);
    expect(col('B')).toEqual([
      'PR-000001',
      'PR-000002',
      'Subtotal grupo 1',
      'PR-000003',
      'Subtotal grupo 2',
      'TOTAL',
    ]);
    expect(col('D')).toEqual([4800, 4800, 9600, 4800, 4800, 14400]);
    // A COBRAR adds up to 'Total esperado'.
    expect(col('E')).toEqual([600, 600, 1200, 650.5, 650.5, 1850.5]);
    expect(at(`E${HEADER_ROW + 6}`)?.v).toBe(at('B5')?.v);
    expect(col('F')).toEqual([600, 600, 1200, 650.5, 650.5, 1850.5]);
    expect(col('J')).toEqual([250.5, '', 250.5, '', 0, 250.5]);
    expect(at(`C${HEADER_ROW + 6}`)?.v).toBe(4200 + 4200 + 1000.25);
  });

  test('dinero como número con formato MXN, fechas como fechas, PAGÓ y celular como texto', () => {
    const abono = at(`F${HEADER_ROW + 1}`)!;
    expect(abono).toMatchObject({ t: 'n', v: 600 });
    expect(abono.z).toBe(MONEY_FORMAT);
    const fecha = at(`H${HEADER_ROW + 1}`)!;
    expect(fecha.t).toBe('n');
    expect(XLSX.SSF.format(String(fecha.z), fecha.v as number)).toBe('25/11/2026');
    expect(at(`I${HEADER_ROW + 2}`)?.v).toBe('Sí');
    expect(at(`M${HEADER_ROW + 1}`)).toMatchObject({ t: 's', v: '0221234567' });
  });

  test('horizontal, a una página de ancho, encabezado repetido al imprimir y fijo en pantalla, comprimido', () => {
    expect(sheetXml).toMatch(/<sheetPr><pageSetUpPr fitToPage="1"\/><\/sheetPr>/);
    expect(sheetXml).toMatch(/<pageSetup [^>]*orientation="landscape"[^>]*fitToWidth="1" fitToHeight="0"\/>/);
    expect(sheetXml).toContain(
      `<pane ySplit="${HEADER_ROW}" topLeftCell="A${HEADER_ROW + 1}" activePane="bottomLeft" state="frozen"/>`,
    );
    // OOXML order: sheetPr, dimension, sheetViews, …, sheetData, …, pageMargins, pageSetup.
    const order = [
      '<sheetPr',
      '<dimension',
      '<sheetViews',
      '<cols',
      '<sheetData',
      '<pageMargins',
      '<pageSetup',
    ].map((tag) => sheetXml.indexOf(tag));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    const workbookXml = zip.file('xl/workbook.xml')!.asText();
    expect(workbookXml).toMatch(
      /name="_xlnm\.Print_Titles" localSheetId="0">(&apos;|')Hoja de Cobro(&apos;|')!\$6:\$6</,
    );
    const entry = zip.files['xl/worksheets/sheet1.xml']!._data!;
    expect(entry.compressedSize).toBeLessThan(entry.uncompressedSize / 3);
  });
});
