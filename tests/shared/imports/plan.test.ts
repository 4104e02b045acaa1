// The import's shared plan (shared/imports/plan.ts): the same rules the browser's preview and the server's batch
// run. Figures equal the form's; payments to date add up to what the file says, never dated after today.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../shared/dates';
import { importMessages as m } from '../../../shared/imports/messages';
import { type ImportCatalog, paymentsBySchedule, planImport } from '../../../shared/imports/plan';
import type { ImportLoanRow } from '../../../shared/imports/schemas';
import { newLoanFigures } from '../../../shared/loans/new-loan-figures';
import { buildSchedule, rowAmounts } from '../../../shared/loans/schedule';
import { type Cents, cents } from '../../../shared/money';
import type { PaymentMethod } from '../../../shared/payment-methods/types';

const TODAY = '2026-11-28';
const semanal: PaymentMethod = {
  id: 7,
  modalidad_pago: 'SEMANAL',
  monto_minimo: 1000,
  monto_maximo: 30000,
  requiere_aval: false,
  interes: 20,
  total_pagos: 14,
  interes_coordinadora: 15,
  total_pagos_coordinadora: 14,
  interes_empleado: 10,
  total_pagos_empleado: 12,
};
const catalog: ImportCatalog = {
  municipios: [
    { id: 1, name: 'Atlixco' },
    { id: 2, name: 'San Martín Texmelucan' },
  ],
  methods: [semanal, { ...semanal, id: 8, modalidad_pago: 'MENSUAL', requiere_aval: true }],
};

const row = (patch: Partial<ImportLoanRow> = {}): ImportLoanRow => ({
  fila: 2,
  referencia: 'L-1',
  nombre: 'Ana López',
  telefono: '2221234567',
  municipio: 'Atlixco',
  modalidad: 'SEMANAL',
  monto_credito: '5000',
  fecha_inicio: '2026-10-03',
  pagos: [],
  ...patch,
});

describe('planImport', () => {
  it("gives a row the form's figures and schedule, whatever the file's spelling of town and dates", () => {
    const plan = planImport(
      [
        row({
          municipio: ' san martin  TEXMELUCAN',
          modalidad: 'semanal',
          fecha_inicio: '3/10/2026',
          coordinadora: 'sí',
        }),
      ],
      catalog,
      TODAY,
    );
    expect(plan.issues).toEqual([]);
    const [loan] = plan.loans;
    const figures = newLoanFigures({
      montoCredito: cents(500_000),
      method: semanal,
      client: { coordinadora: true, empleado: false },
      fechaInicio: '2026-10-03',
    });
    expect(loan!.figures).toEqual(figures);
    expect(loan!.municipalityId).toBe(2);
    expect(loan!.municipalityName).toBe('San Martín Texmelucan');
    const schedule = buildSchedule({
      fechaInicio: '2026-10-03',
      totalPagos: figures.totalPagos,
      modalidad: 'SEMANAL',
      loanReference: 'PR-1',
    });
    const amounts = rowAmounts(figures.montoConInteres, figures.abono, figures.totalPagos);
    expect(loan!.schedule).toEqual(
      schedule.rows.map((r, i) => ({ fecha_pago: r.fecha_pago, monto: amounts[i] })),
    );
  });

  it('names each problem by sheet, row and column', () => {
    const plan = planImport(
      [
        row({ fila: 2 }),
        row({ fila: 3, referencia: 'L-1', telefono: '555' }),
        row({ fila: 4, referencia: 'L-4', nombre: 'Carlos', municipio: 'Puebla', monto_credito: '500' }),
        row({ fila: 5, referencia: 'L-5', nombre: 'Ana López', modalidad: 'MENSUAL' }),
        row({
          fila: 6,
          referencia: 'L-6',
          nombre: 'Otra',
          pagos: [{ fila: 9, fecha: '2026-10-01', monto: '10' }],
        }),
      ],
      catalog,
      TODAY,
    );
    expect(plan.issues.map((i) => [i.hoja, i.fila, i.columna, i.mensaje])).toEqual([
      ['Préstamos', 3, 'Teléfono', 'El teléfono debe tener entre 8 y 15 dígitos'],
      ['Préstamos', 4, 'Municipio', m.municipioNoExiste],
      ['Préstamos', 4, 'Monto crédito', 'El monto mínimo es $1,000.00'],
      ['Préstamos', 5, 'Nombre', m.clienteRepetido(2)],
      ['Préstamos', 5, 'Nombre del aval', 'Debe ingresar el nombre del aval'],
      ['Préstamos', 5, 'Teléfono del aval', 'Debe ingresar el teléfono del aval'],
      ['Pagos', 9, 'Fecha', m.pagoAntesDelInicio],
    ]);
    expect(plan.loans.map((l) => l.loan.fila)).toEqual([2]);
  });

  it('takes the payments with their dates from Pagos, and refuses a total that disagrees', () => {
    const pagos = [
      { fila: 2, fecha: '10/10/2026', monto: '429' },
      { fila: 3, fecha: '2026-10-24', monto: '$1,000.50' },
    ];
    const ok = planImport([row({ pagos })], catalog, TODAY);
    expect(ok.loans[0]!.payments).toEqual([
      { fecha: '2026-10-10', amount: 42_900 },
      { fecha: '2026-10-24', amount: 100_050 },
    ]);
    expect(ok.totals.pagado).toBe(142_950);
    const off = planImport([row({ pagos, pagado: '1000' })], catalog, TODAY);
    expect(off.issues[0]).toMatchObject({
      columna: 'Pagado a la fecha',
      mensaje: m.pagadoNoCoincide(1429.5),
    });
  });

  it('adds up the preview: loans, clients, amounts, what was paid and what is owed', () => {
    const plan = planImport(
      [row({ pagado: '858' }), row({ fila: 3, referencia: 'L-2', nombre: 'Beto', monto_credito: '1,000' })],
      catalog,
      TODAY,
    );
    expect(plan.totals).toEqual({
      prestamos: 2,
      clientes: 2,
      montoCredito: 600_000,
      montoConInteres: 720_000,
      pagado: 85_800,
      saldo: 720_000 - 85_800,
      pagos: 2,
    });
  });
});

describe('paymentsBySchedule', () => {
  const schedule = (n: number, monto: number, start = '2026-09-01') =>
    Array.from({ length: n }, (_, i) => ({ fecha_pago: addDays(start, 7 * (i + 1)), monto: cents(monto) }));

  it('fills the rows in order on their due dates; a row not yet due is paid today', () => {
    expect(paymentsBySchedule(schedule(14, 42_900), cents(100_000), TODAY)).toEqual([
      { fecha: '2026-09-08', amount: 42_900 },
      { fecha: '2026-09-15', amount: 42_900 },
      { fecha: '2026-09-22', amount: 14_200 },
    ]);
    const ahead = paymentsBySchedule(schedule(3, 10_000, '2026-11-14'), cents(30_000), TODAY);
    expect(ahead).toEqual([
      { fecha: '2026-11-21', amount: 10_000 },
      { fecha: TODAY, amount: 20_000 },
    ]);
  });

  it('always adds up to what was paid, never after today, never more than a row per date', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 200_000 }),
        fc.integer({ min: -400, max: 0 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (n, monto, startOffset, share) => {
          const rows = schedule(n, monto, addDays(TODAY, startOffset));
          const pagado = cents(Math.floor(n * monto * share)) as Cents;
          const events = paymentsBySchedule(rows, pagado, TODAY);
          expect(events.reduce((s, e) => s + e.amount, 0)).toBe(pagado);
          for (const e of events) {
            expect(e.fecha <= TODAY).toBe(true);
            expect(e.amount).toBeGreaterThan(0);
          }
          expect(new Set(events.map((e) => e.fecha)).size).toBe(events.length);
        },
      ),
    );
  });
});
