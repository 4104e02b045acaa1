// Reading a filled-in template in the browser (client/features/imports/read-import-file.ts): .xlsx with real date
// cells, CSV from Excel (Windows-1252, DD/MM/AAAA), headers as a person retypes them, and the file's own problems.
import { describe, expect, it } from 'vitest';
import { readImportFile, serialToIsoDate } from '../../../../client/features/imports/read-import-file';
import { LOAN_COLUMNS } from '../../../../shared/imports/columns';
import { importMessages as m } from '../../../../shared/imports/messages';
import { planImport } from '../../../../shared/imports/plan';
import { excelDate, importWorkbook } from '../../../e2e/helpers/import-file';

const fileOf = (bytes: Uint8Array<ArrayBuffer> | string, name: string) => new File([bytes], name);

describe('readImportFile', () => {
  it('reads the template: date cells, numbers, yes/no, and payments attached to their loan by reference', async () => {
    const xlsx = importWorkbook(
      [
        {
          referencia: 'L-1',
          nombre: 'Ana López',
          telefono: 2221234567,
          municipio: 'Atlixco',
          coordinadora: 'Sí',
          modalidad: 'SEMANAL',
          monto_credito: 5000,
          fecha_inicio: excelDate('2026-10-03'),
          garantias: 'Televisión; Refrigerador',
        },
        {},
        {
          referencia: 'L-2',
          nombre: 'Beto',
          telefono: '55 1234 5678',
          municipio: 'Atlixco',
          modalidad: 'SEMANAL',
          monto_credito: '1,500.50',
          fecha_inicio: '17/10/2026',
          pagado: 429,
        },
      ],
      [{ referencia: 'L-1', fecha: excelDate('2026-10-10'), monto: 429 }],
    );
    const read = await readImportFile(fileOf(new Uint8Array(xlsx), 'cartera.xlsx'));
    expect(read.issues).toEqual([]);
    expect(read.rows).toHaveLength(2);
    expect(read.rows[0]).toMatchObject({
      fila: 2,
      referencia: 'L-1',
      telefono: '2221234567',
      coordinadora: 'Sí',
      monto_credito: '5000',
      fecha_inicio: '2026-10-03',
      garantias: 'Televisión; Refrigerador',
      pagos: [{ fila: 2, fecha: '2026-10-10', monto: '429' }],
    });
    // The blank row 3 is skipped; the next keeps its own row number.
    expect(read.rows[1]).toMatchObject({
      fila: 4,
      monto_credito: '1,500.50',
      fecha_inicio: '17/10/2026',
      pagado: '429',
      pagos: [],
    });
  });

  it('reads a CSV saved by Excel in Windows-1252, headers in any case and without accents', async () => {
    const header =
      'REFERENCIA;nombre;telefono;MUNICIPIO;modalidad;monto credito;fecha de inicio;pagado a la fecha';
    const line = 'L-9;Ana Pérez;2221234567;Atlixco;SEMANAL;5000;03/10/2026;858';
    const latin1 = Uint8Array.from(`${header}\r\n${line}\r\n`, (ch) => ch.charCodeAt(0));
    const read = await readImportFile(fileOf(latin1, 'cartera.csv'));
    expect(read.issues).toEqual([]);
    expect(read.rows[0]).toMatchObject({
      fila: 2,
      nombre: 'Ana Pérez',
      fecha_inicio: '03/10/2026',
      pagado: '858',
    });
    const plan = planImport(
      read.rows,
      {
        municipios: [{ id: 1, name: 'Atlixco' }],
        methods: [
          {
            id: 1,
            modalidad_pago: 'SEMANAL',
            monto_minimo: 1000,
            monto_maximo: 30000,
            requiere_aval: false,
            interes: 20,
            total_pagos: 14,
            interes_coordinadora: 20,
            total_pagos_coordinadora: 14,
            interes_empleado: 20,
            total_pagos_empleado: 14,
          },
        ],
      },
      '2026-11-28',
    );
    expect(plan.issues).toEqual([]);
    expect(plan.loans[0]!.loan.fecha_inicio).toBe('2026-10-03');
  });

  it('says which columns are missing, and which payments name no loan; a file that is no spreadsheet says so', async () => {
    const csv = 'Referencia,Nombre\nL-1,Ana\n';
    const missing = await readImportFile(fileOf(csv, 'corto.csv'));
    const required = LOAN_COLUMNS.filter(
      (c) => c.required && !['Referencia', 'Nombre'].includes(c.header),
    ).map((c) => c.header);
    expect(missing.issues).toEqual([
      { hoja: 'Préstamos', fila: 1, columna: null, mensaje: m.columnasFaltantes(required) },
    ]);

    const orphan = importWorkbook(
      [{ referencia: 'L-1', nombre: 'Ana' }],
      [{ referencia: 'L-404', fecha: '2026-10-10', monto: 5 }],
    );
    const read = await readImportFile(fileOf(new Uint8Array(orphan), 'x.xlsx'));
    expect(read.issues).toEqual([
      { hoja: 'Pagos', fila: 2, columna: 'Referencia', mensaje: m.pagoSinPrestamo },
    ]);

    const junk = await readImportFile(fileOf(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), 'roto.xlsx'));
    expect(junk.issues.map((i) => i.mensaje)).toEqual([m.archivoIlegible]);
  });

  it('turns a spreadsheet date serial into the calendar day', () => {
    expect(serialToIsoDate(46_298)).toBe('2026-10-03');
    expect(serialToIsoDate(45_658)).toBe('2025-01-01');
  });
});
