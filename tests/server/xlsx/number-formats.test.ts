import XLSX from 'sheetjs-style';
import { describe, expect, it } from 'vitest';
import { buildSheetWorkbook } from '../../../server/sheets/xlsx/sheet-workbook';
import { buildTableWorkbook, DATE_FORMAT, MONEY_FORMAT } from '../../../server/xlsx/table-workbook';
import type { Cents } from '../../../shared/money';

/** Each cell's number format as the file stores it ('General' when it has none). */
function formats(file: Buffer): Record<string, string> {
  const book = XLSX.read(file, { type: 'buffer', cellNF: true });
  const sheet = book.Sheets[book.SheetNames[0]!]!;
  return Object.fromEntries(
    Object.entries(sheet)
      .filter(([ref, cell]) => !ref.startsWith('!') && (cell as XLSX.CellObject).t === 'n')
      .map(([ref, cell]) => [
        ref,
        (cell as XLSX.CellObject).z === undefined ? 'General' : String((cell as XLSX.CellObject).z),
      ]),
  );
}

// Found by the attack suite (tests/server/security), which compares two answers to the same request: the
// library writes a cell's format into the cell's style object, and every cell shared one, so a count took the
// format of the last date or money cell written before it — 'Créditos entregados' read 01/01/1900 or $1.00,
// and not the same from one download to the next.
describe('number formats of the downloaded files', () => {
  const table = () =>
    buildTableWorkbook({
      sheetName: 'Prueba',
      title: 'Prueba',
      lines: ['Del 01/03/2026 al 31/03/2026'],
      columns: [
        { header: 'Semana', kind: 'date', width: 12 },
        { header: 'Créditos', kind: 'int', width: 12 },
        { header: 'Monto', kind: 'money', width: 12 },
      ],
      rows: [
        ['2026-03-02', 3, 1500],
        ['2026-03-09', 1, 700.5],
      ],
      totals: ['TOTAL', 4, 2200.5],
    });

  it('a report keeps each column’s own format, the same on every download', () => {
    const expected = {
      A5: DATE_FORMAT,
      B5: 'General',
      C5: MONEY_FORMAT,
      A6: DATE_FORMAT,
      B6: 'General',
      C6: MONEY_FORMAT,
      B7: 'General',
      C7: MONEY_FORMAT,
    };
    expect(formats(table())).toEqual(expected);
    expect(formats(table())).toEqual(expected);
  });

  it('the weekly sheet shows group and payment number as plain numbers', () => {
    const build = () =>
      buildSheetWorkbook({
        sheetId: 1,
        municipalityName: 'Huamantla',
        week: '2026-W10',
        coverageWeek: '2026-03-04',
        coverageWeekEnd: '2026-03-10',
        montoEsperado: 60000 as Cents,
        rows: [
          {
            grupo: 2,
            loanReference: 'PR-000001',
            saldoALiquidar: 420000 as Cents,
            adeudo: 480000 as Cents,
            aCobrar: 60000 as Cents,
            abono: 60000 as Cents,
            numeroPago: 3,
            fechaPago: '2026-03-04',
            pagado: false,
            parcial: 0 as Cents,
            fechaPagada: null,
            clienteNombre: 'Ana',
            celular: '2221234567',
          },
        ],
      });
    for (const file of [build(), build()]) {
      const f = formats(file);
      expect(f.A7, 'grupo').toBe('General');
      expect(f.G7, 'número de pago').toBe('General');
      expect(f.C7, 'saldo').toBe(MONEY_FORMAT);
      expect(f.E7, 'a cobrar').toBe(MONEY_FORMAT);
      expect(f.H7, 'fecha de pago').toBe(DATE_FORMAT);
    }
  });
});
