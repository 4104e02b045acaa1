import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  type ColumnarPullResponse,
  decodeColumns,
  decodePullResponse,
  encodeColumns,
  encodePullResponse,
  fromColumns,
  toColumns,
} from '../../../shared/sync/columnar';
import type { PullResponse } from '../../../shared/sync/types';
import { clientFixture, loanFixture, municipalityFixture, page } from '../../client/helpers/sync-fixtures';

/** A page with every entity, nulls, centavos, arrays and a nested object. */
function fullPage(): PullResponse {
  const { loan, rows } = loanFixture(7, { monto_con_interes: 12_000.5, abono: 857.14, notas: null });
  rows[0] = { ...rows[0]!, pagada: true, fecha_pagada: '2026-11-02' };
  rows[1] = { ...rows[1]!, parcial: 428.57, fecha_pagada: '2026-11-09' };
  return page(
    'v2.abc',
    {
      municipalities: [municipalityFixture()],
      clients: [clientFixture(1), clientFixture(2, { coordinadora: true, telefono: '' })],
      payment_methods: [
        {
          id: 1,
          modalidad_pago: 'SEMANAL',
          monto_minimo: 1000,
          monto_maximo: 50_000,
          interes: 20,
          total_pagos: 14,
          interes_coordinadora: 15,
          interes_empleado: 10,
          version: 3,
        } as never,
      ],
      loans: [loan],
      amortizations: rows,
      weekly_sheets: [
        {
          id: 4,
          municipality_id: 1,
          coverage_week: '2026-11-23',
          coverage_week_end: '2026-11-29',
          week: '2026-W48',
          url: null,
          processed: false,
          proccessing_date: null,
          monto_esperado: 1714.28,
          monto_cobrado: 0,
          log: { pendientes: [], parciales: [] } as never,
          created_at: '2026-11-23T10:00:00Z',
          version: 1,
        },
      ],
      weekly_sheet_loans: [
        {
          id: 9,
          weekly_sheet_id: 4,
          loan_id: 7,
          amortization_id: 103,
          arrears_amortization_ids: [],
          monto_esperado: 857.14,
          saldo_a_liquidar: 10_285.72,
          cobrado_previo: 1285.71,
          grupo: 2,
          client_id: 1,
          client_nombre: 'Ñoño Pérez',
          loan_reference: 'PR-000007',
          orden_ruta: 0,
          created_at: '2026-11-23T10:00:00Z',
          version: 1,
        },
      ],
      visits: [],
    },
    { hasMore: true, lastMutationId: 12, tombstones: [{ entity: 'amortizations', id: 55 }] },
  );
}

describe('the compact pull page', () => {
  it('goes through JSON and back to the same rows, every column, null and centavo', () => {
    const original = fullPage();
    const wire = JSON.parse(JSON.stringify(encodePullResponse(original))) as ColumnarPullResponse;
    expect(wire.format).toBe('columnas');
    expect(wire.changes.amortizations.columns).toContain('fecha_pagada');
    expect(wire.changes.visits).toEqual({ columns: [], rows: [] });
    expect(wire.tombstones).toEqual([['amortizations', 55]]);
    expect(decodePullResponse(wire)).toEqual(original);
  });

  it('says each key once: about a third of the bytes of the same amortizaciones as objects', () => {
    const { rows } = loanFixture(1);
    const many = Array.from({ length: 1000 }, (_, i) => ({ ...rows[i % rows.length]!, id: i + 1 }));
    const objects = JSON.stringify(many).length;
    const columns = JSON.stringify(toColumns(many)).length;
    expect(columns).toBeLessThan(objects * 0.45);
    expect(fromColumns(toColumns(many))).toEqual(many);
  });

  it('a key some rows lack travels as null; a page in the old format passes as it is', () => {
    const mixed = [{ id: 1, notas: 'x' }, { id: 2 }];
    expect(fromColumns(toColumns(mixed))).toEqual([
      { id: 1, notas: 'x' },
      { id: 2, notas: null },
    ]);
    const old = fullPage();
    expect(decodePullResponse(old)).toBe(old);
  });
});

describe("the delta-encoded page ('columnas-delta')", () => {
  it('goes through JSON and back to the same rows: every entity, nulls, centavos, arrays and objects', () => {
    const original = fullPage();
    const wire = JSON.parse(
      JSON.stringify(encodePullResponse(original, 'columnas-delta')),
    ) as ColumnarPullResponse;
    expect(wire.format).toBe('columnas-delta');
    const amortizations = wire.changes.amortizations;
    const encodingOf = (column: string) => amortizations.encodings![amortizations.columns.indexOf(column)];
    expect(encodingOf('id')).toBe('delta');
    expect(encodingOf('fecha_pago')).toBe('dias');
    expect(encodingOf('referencia')).toBe('prefijo');
    // Centavos are not whole numbers: that column travels as it is.
    expect(encodingOf('parcial')).toBeNull();
    expect(encodingOf('pagada')).toBeNull();
    expect(decodePullResponse(wire)).toEqual(original);
  });

  it('each kind of column, with nulls between values, comes back exactly', () => {
    const rows = [
      { n: 10, d: '2026-11-02', t: 'PR-000007-01', x: 1.5, o: [1, 2] },
      { n: null, d: null, t: null, x: null, o: null },
      { n: 7, d: '2026-11-09', t: 'PR-000007-02', x: 2, o: { a: 1 } },
      { n: -3, d: '2025-12-31', t: 'PR-000008-01', x: 3, o: [] },
      { n: 9_007_199_254_740_991, d: '2026-03-01', t: '', x: 0, o: null },
      { n: 0, d: '2028-02-29', t: 'otra cosa', x: -0.01, o: null },
    ];
    const encoded = encodeColumns(toColumns(rows));
    expect(encoded.encodings).toEqual(['delta', 'dias', 'prefijo', null, null]);
    expect(fromColumns(JSON.parse(JSON.stringify(encoded)))).toEqual(rows);
  });

  it('leaves as text what only looks like a date or a number, and texts that hold brackets or digits', () => {
    const rows = [
      { d: '2026-02-30', t: '[3,"x"]', n: '12' },
      { d: '2026-11-02', t: '3x', n: '12' },
    ];
    const encoded = encodeColumns(toColumns(rows));
    expect(encoded.encodings).toEqual(['prefijo', 'prefijo', 'prefijo']);
    expect(decodeColumns(JSON.parse(JSON.stringify(encoded)))).toEqual(toColumns(rows));
  });

  it('sequential ids, loans and dates shrink: under half the gzip bytes of the plain compact page', () => {
    const many = Array.from({ length: 1000 }, (_, i) => {
      const loan = 40_000 + Math.floor(i / 14);
      const week = i % 14;
      return {
        id: 900_000 + i,
        loan_id: loan,
        numero_pago: week + 1,
        referencia: `PR-${String(loan).padStart(6, '0')}-${String(week + 1).padStart(2, '0')}`,
        fecha_pago: new Date(Date.UTC(2026, 8, 1) + week * 7 * 86_400_000).toISOString().slice(0, 10),
        pagada: week < 5,
        parcial: 0,
        fecha_pagada: null,
        renovo: false,
        version: 1_000 + Math.floor(i / 14),
      };
    });
    const plain = gzipSync(JSON.stringify(toColumns(many))).length;
    const delta = gzipSync(JSON.stringify(encodeColumns(toColumns(many)))).length;
    expect(delta).toBeLessThan(plain / 2);
    expect(fromColumns(encodeColumns(toColumns(many)))).toEqual(many);
  });
});
