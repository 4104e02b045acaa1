import XLSX from 'sheetjs-style';
import { describe, expect, it } from 'vitest';
import { buildMultiSheetWorkbook, rowsSheet } from '../../../server/xlsx/multi-sheet-workbook';
import {
  DATE_FORMAT,
  DATETIME_FORMAT,
  MONEY_FORMAT,
  PERCENT_FORMAT,
} from '../../../server/xlsx/table-workbook';

const read = (file: Buffer) => XLSX.read(file, { type: 'buffer', cellNF: true });

describe('a workbook of several tables (the account export)', () => {
  it('writes each table on its sheet with typed cells, a title block where asked, and text as given', async () => {
    const file = await buildMultiSheetWorkbook([
      rowsSheet({
        sheetName: 'Resumen',
        title: 'Exportación de datos',
        lines: ['Cuenta: Créditos & Cía <Sur>'],
        columns: [
          { header: 'Hoja', kind: 'text', width: 20 },
          { header: 'Filas', kind: 'int', width: 8 },
        ],
        rows: [['Pagos', 3]],
        bordered: true,
      }),
      rowsSheet({
        sheetName: "Pagos d'hoy",
        columns: [
          { header: 'Fecha', kind: 'date', width: 12 },
          { header: 'Hora', kind: 'datetime', width: 17 },
          { header: 'Monto', kind: 'money', width: 12 },
          { header: 'Interés', kind: 'percent', width: 8 },
          { header: 'Nota', kind: 'text', width: 20 },
        ],
        rows: [
          ['2026-03-02', '2026-03-02 13:45:30', 1234.5, 20, ' con espacios '],
          [null, null, 0.01, null, 'a\u0000b & <c> "d"'],
        ],
      }),
    ]);
    const book = read(file);
    expect(book.SheetNames).toEqual(['Resumen', "Pagos d'hoy"]);
    const cover = book.Sheets.Resumen!;
    expect(cover.A1?.v).toBe('Exportación de datos');
    expect(cover.A2?.v).toBe('Cuenta: Créditos & Cía <Sur>');
    expect([cover.A4?.v, cover.B4?.v, cover.A5?.v, cover.B5?.v]).toEqual(['Hoja', 'Filas', 'Pagos', 3]);

    const pagos = book.Sheets["Pagos d'hoy"]!;
    expect(XLSX.utils.sheet_to_json(pagos, { header: 1, defval: null })).toEqual([
      ['Fecha', 'Hora', 'Monto', 'Interés', 'Nota'],
      [46083, 46083 + (13 * 3600 + 45 * 60 + 30) / 86_400, 1234.5, 20, ' con espacios '],
      [null, null, 0.01, null, 'ab & <c> "d"'],
    ]);
    expect([pagos.A2?.z, pagos.B2?.z, pagos.C2?.z, pagos.D2?.z]).toEqual([
      DATE_FORMAT,
      DATETIME_FORMAT,
      MONEY_FORMAT,
      PERCENT_FORMAT,
    ]);
    expect([pagos.A2?.w, pagos.B2?.w, pagos.C2?.w]).toEqual(['02/03/2026', '02/03/2026 13:45', '$1,234.50']);
    // An empty value leaves no cell behind.
    expect(pagos.A3).toBeUndefined();
  });

  it('a table longer than a sheet holds goes on in the next, under the same header', async () => {
    const rows = Array.from({ length: 7 }, (_, i) => [i + 1]);
    const file = await buildMultiSheetWorkbook(
      [rowsSheet({ sheetName: 'Calendario', columns: [{ header: 'ID', kind: 'int', width: 8 }], rows })],
      4,
    );
    const book = read(file);
    expect(book.SheetNames).toEqual(['Calendario', 'Calendario (2)', 'Calendario (3)']);
    expect(book.SheetNames.map((n) => XLSX.utils.sheet_to_json(book.Sheets[n]!, { header: 1 }))).toEqual([
      [['ID'], [1], [2], [3]],
      [['ID'], [4], [5], [6]],
      [['ID'], [7]],
    ]);
  });

  it('an empty table is a sheet with its header only', async () => {
    const book = read(
      await buildMultiSheetWorkbook([
        rowsSheet({ sheetName: 'Visitas', columns: [{ header: 'ID', kind: 'int', width: 8 }], rows: [] }),
      ]),
    );
    expect(XLSX.utils.sheet_to_json(book.Sheets.Visitas!, { header: 1 })).toEqual([['ID']]);
  });
});
