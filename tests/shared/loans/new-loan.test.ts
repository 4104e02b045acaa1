import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { defaultLoanDate } from '../../../shared/loans/default-date';
import { newLoanFigures, renewalBalance } from '../../../shared/loans/new-loan-figures';
import { newLoanMessages as m } from '../../../shared/loans/new-loan-messages';
import { methodIssues } from '../../../shared/loans/new-loan-rules';
import { newLoanSchema } from '../../../shared/loans/new-loan-schema';
import type { ModalidadPago } from '../../../shared/loans/terms';
import { cents } from '../../../shared/money';
import type { PaymentMethod } from '../../../shared/payment-methods/types';

const method = (modalidad_pago: ModalidadPago, overrides: Partial<PaymentMethod> = {}): PaymentMethod => ({
  id: 1,
  modalidad_pago,
  monto_minimo: 1000,
  monto_maximo: 30000,
  interes: 20,
  total_pagos: 14,
  interes_coordinadora: 15,
  total_pagos_coordinadora: 14,
  interes_empleado: 10,
  total_pagos_empleado: 12,
  requiere_aval: false,
  ...overrides,
});
const regular = { coordinadora: false, empleado: false };
const coordinadora = { coordinadora: true, empleado: false };
const empleado = { coordinadora: false, empleado: true };

describe('new loan figures (docs/producto.md §9) by client type and payment mode', () => {
  test.each([
    // mode, client, monto, → interes, n, con interés, abono, fecha fin from 2026-11-16
    ['SEMANAL', regular, 5000, 20, 14, 6000, 429, '2027-02-22'],
    ['SEMANAL', coordinadora, 5000, 15, 14, 5750, 411, '2027-02-22'],
    ['SEMANAL', empleado, 5000, 10, 12, 5500, 458, '2027-02-08'],
    ['DIARIO', regular, 3000, 20, 14, 3600, 257, '2026-11-30'],
    ['QUINCENAL', coordinadora, 10000, 15, 14, 11500, 821, '2027-05-31'],
    ['MENSUAL', empleado, 12000, 10, 12, 13200, 1100, '2027-11-16'],
  ] as const)('%s %o $%d', (mode, client, monto, interes, n, conInteres, abono, fin) => {
    const f = newLoanFigures({
      montoCredito: cents(monto * 100),
      method: method(mode),
      client,
      fechaInicio: '2026-11-16',
    });
    expect(f).toMatchObject({ interes, totalPagos: n, fechaFin: fin, saldoAnterior: 0 });
    expect([f.montoConInteres, f.abono, f.montoEntregado]).toEqual([
      conInteres * 100,
      abono * 100,
      monto * 100,
    ]);
  });

  test('abono rounds half up to whole pesos: 6,500 × 1.2 / 14 = 557.14 → 557; 7,500 → 642.86 → 643', () => {
    const abono = (monto: number) =>
      newLoanFigures({
        montoCredito: cents(monto * 100),
        method: method('SEMANAL'),
        client: regular,
        fechaInicio: '2026-11-16',
      }).abono;
    expect([abono(6500), abono(7500)]).toEqual([55700, 64300]);
  });

  test('a renewal deducts what is still owed on the old loan (its last row its own amount), never below 0', () => {
    const monto = cents(42900);
    const rows = [
      ...Array.from({ length: 6 }, () => ({ monto, pagada: true, renovo: false, parcial: cents(0) })),
      { monto, pagada: false, renovo: false, parcial: cents(20000) }, // 429 − 200 still owed
      ...Array.from({ length: 6 }, () => ({ monto, pagada: false, renovo: false, parcial: cents(0) })),
      { monto: cents(42300), pagada: false, renovo: false, parcial: cents(0) }, // 6,000 − 13 × 429
    ];
    expect(renewalBalance(rows)).toBe(22900 + 6 * 42900 + 42300);
    const renewal = newLoanFigures({
      montoCredito: cents(500000),
      method: method('SEMANAL'),
      client: regular,
      fechaInicio: '2026-11-16',
      renewed: { rows },
    });
    expect(renewal.saldoAnterior).toBe(322600);
    expect(renewal.montoEntregado).toBe(500000 - 322600);
    const small = newLoanFigures({
      ...{ method: method('SEMANAL'), client: regular, fechaInicio: '2026-11-16' },
      montoCredito: cents(100000),
      renewed: { rows },
    });
    expect(small.montoEntregado).toBe(0);
  });

  test('renewed and paid rows owe nothing', () => {
    expect(
      renewalBalance([
        { monto: cents(10000), pagada: true, renovo: false, parcial: cents(0) },
        { monto: cents(10000), pagada: false, renovo: true, parcial: cents(0) },
      ]),
    ).toBe(0);
  });
});

describe('default loan date: the collection day 1 to 7 days back', () => {
  test.each([
    ['LUNES', '2026-11-23', '2026-11-16'], // a Monday: one week back, not today
    ['LUNES', '2026-11-24', '2026-11-23'],
    ['VIERNES', '2026-11-23', '2026-11-20'],
    ['MIERCOLES', '2026-03-02', '2026-02-25'], // across February's end
    ['JUEVES', '2027-01-01', '2026-12-31'], // across the year's end (a Friday)
    ['MARTES', '2027-01-01', '2026-12-29'],
    ['VIERNES', '2028-03-01', '2028-02-25'], // leap year
  ] as const)('%s on %s → %s', (day, today, expected) => {
    expect(defaultLoanDate(day, today)).toBe(expected);
  });
});

describe('the save-loan schema (docs/producto.md §5 messages)', () => {
  const valid = {
    client_id: 3,
    payment_method_id: '1',
    monto_credito: '5,000',
    fecha_inicio: '2026-11-16',
    garantias: ['Televisor', ' Refrigerador '],
  };
  const issues = (input: unknown) => {
    const r = v.safeParse(newLoanSchema, input);
    return r.success ? {} : (v.flatten<typeof newLoanSchema>(r.issues).nested ?? {});
  };

  test('a valid body: centavos, trimmed guarantees, optional group and aval', () => {
    const r = v.parse(newLoanSchema, valid);
    expect(r).toMatchObject({
      client_id: 3,
      payment_method_id: 1,
      monto_credito: 500000,
      grupo: null,
      nombre_aval: '',
    });
    expect(r.garantias).toEqual(['Televisor', 'Refrigerador']);
  });

  test.each([
    [{ client_id: null }, 'client_id', m.clienteInvalido],
    [
      { client_id: 3, new_client: { nombre: 'Ana', telefono: '2441234567', municipality_id: 1 } },
      'client_id',
      m.clienteInvalido,
    ],
    [{ payment_method_id: '' }, 'payment_method_id', m.modalidadRequerida],
    [{ monto_credito: '0' }, 'monto_credito', m.montoInvalido],
    [{ monto_credito: 'abc' }, 'monto_credito', m.montoInvalido],
    [{ monto_credito: -5 }, 'monto_credito', m.montoInvalido],
    [{ fecha_inicio: '' }, 'fecha_inicio', m.fechaRequerida],
    [{ fecha_inicio: '2026-02-30' }, 'fecha_inicio', m.fechaRequerida],
    [{ fecha_inicio: '9999-12-31' }, 'fecha_inicio', m.fechaFueraDeRango],
    [{ garantias: ['Televisor'] }, 'garantias', m.garantiasMinimo],
    [{ garantias: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'garantias', m.garantiasMaximo],
    [{ garantias: ['Televisor', '  '] }, 'garantias.1', m.garantiaDescripcion],
    [{ garantias: ['', ' '] }, 'garantias', m.garantiasMinimo],
    [{ garantias: ['', ' '] }, 'garantias.0', m.garantiaDescripcion],
    [{ previous_loan_id: 'x' }, 'previous_loan_id', m.anteriorInvalido],
    [{ grupo: 0 }, 'grupo', m.grupoInvalido],
  ])('%o → %s: %s', (patch, path, message) => {
    expect(issues({ ...valid, ...patch })[path as never]).toContain(message);
  });

  test('an empty form names every missing field, the client included', () => {
    const found = issues({});
    expect(found.client_id).toEqual([m.clienteInvalido]);
    expect(found.payment_method_id).toEqual([m.modalidadRequerida]);
    expect(found.monto_credito).toEqual([m.montoInvalido]);
    expect(found.fecha_inicio).toEqual([m.fechaRequerida]);
    expect(found.garantias).toEqual([m.garantiasMinimo]);
  });

  test('a new client instead of an existing one follows the client rules', () => {
    const r = v.safeParse(newLoanSchema, {
      ...valid,
      client_id: null,
      new_client: { nombre: 'Ana', telefono: '123', municipality_id: 1 },
    });
    expect(r.success).toBe(false);
    expect(JSON.stringify(r.issues)).toContain('El teléfono debe tener entre 8 y 15 dígitos');
  });
});

describe('rules of the chosen payment method', () => {
  const input = { monto_credito: cents(500000), nombre_aval: '', telefono_aval: '' };
  test('range: the amount must be within the method’s minimum and maximum, with SPEC’s texts', () => {
    expect(methodIssues({ ...input, monto_credito: cents(99999) }, method('SEMANAL'))).toEqual({
      monto_credito: 'El monto mínimo es $1,000.00',
    });
    expect(methodIssues({ ...input, monto_credito: cents(3000001) }, method('SEMANAL'))).toEqual({
      monto_credito: 'El monto máximo es $30,000.00',
    });
    expect(methodIssues({ ...input, monto_credito: cents(100000) }, method('SEMANAL'))).toEqual({});
    expect(methodIssues({ ...input, monto_credito: cents(3000000) }, method('SEMANAL'))).toEqual({});
  });
  test('aval name and phone when the method requires one', () => {
    expect(methodIssues(input, method('MENSUAL', { requiere_aval: true }))).toEqual({
      nombre_aval: m.avalNombre,
      telefono_aval: m.avalTelefono,
    });
    expect(
      methodIssues(
        { ...input, nombre_aval: 'Pedro', telefono_aval: '(244) 123-4567' },
        method('MENSUAL', { requiere_aval: true }),
      ),
    ).toEqual({});
  });
});
