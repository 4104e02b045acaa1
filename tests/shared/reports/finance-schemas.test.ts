import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { egresoBody, egresoSchema } from '../../../shared/egresos/schemas';
import { inversionBody, inversionSchema } from '../../../shared/inversiones/schemas';
import { cents } from '../../../shared/money';
import { incomeStatement, percentOf } from '../../../shared/reports/income-math';
import { commission, summaryTotals } from '../../../shared/reports/summary-math';

describe('egreso and inversión payloads', () => {
  it('what the form sends parses on the server to the amount typed', () => {
    const form = v.parse(egresoSchema, {
      fecha: '2026-03-01',
      importe: '1,234.56',
      responsable: ' Ana ',
      id_catalogo: '7',
    });
    expect(form).toEqual({ fecha: '2026-03-01', importe: 123456, responsable: 'Ana', id_catalogo: 7 });
    const body = egresoBody(form);
    expect(body.importe).toBe(1234.56);
    expect(v.parse(egresoSchema, JSON.parse(JSON.stringify(body))).importe).toBe(123456);
    const inv = v.parse(inversionSchema, {
      fecha: '2026-03-01',
      importe: '0.01',
      responsable: 'Rosa',
      tipo: 'Retiro',
      descripcion: 'x',
    });
    expect(v.parse(inversionSchema, inversionBody(inv)).importe).toBe(1);
  });
});

describe('report arithmetic', () => {
  it('rounds commissions half up to the centavo', () => {
    expect(commission(cents(42900), 5)).toBe(2145);
    expect(commission(cents(1), 50)).toBe(1);
    expect(commission(cents(333), 2.5)).toBe(8);
    expect(commission(cents(100000), 0)).toBe(0);
  });

  it('totals are the sums of the rows, without float drift', () => {
    const row = {
      creditos_entregados: 1,
      monto_entregado: 0.1,
      monto_cobrado: 0.2,
      monto_comision_abonos: 0.1,
      monto_comision_creditos: 0.1,
      diferencia: 0.7,
    };
    expect(summaryTotals([row, row, row])).toMatchObject({
      totalMontoEntregado: 0.3,
      totalAbonosCobrados: 0.6,
      saldo: 2.1,
    });
  });

  it('indicators are 0 without income and have one decimal', () => {
    expect(percentOf(cents(100), cents(0))).toBe(0);
    expect(percentOf(cents(1), cents(3))).toBe(33.3);
    const s = incomeStatement({
      cobrado: cents(0),
      ingresos: cents(0),
      comisionAbonos: cents(0),
      comisionCreditos: cents(0),
      gastos: [],
    });
    expect([s.margenDeUtilidad, s.eficienciaDeCostos, s.utilidad_neta]).toEqual([0, 0, 0]);
  });
});
