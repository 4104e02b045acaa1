import { describe, expect, it } from 'vitest';
import { editLoanMessages as e } from '../../../shared/loans/edit-loan-messages';
import type { Loan } from '../../../shared/loans/types';
import { send } from '../helpers/catalog';
import { createPaymentMethod } from '../helpers/loan-factory';
import { connectTestSql, testApp } from '../helpers/test-db';
import { TODAY, tenantWithLoans } from '../sync/helpers';

const sql = connectTestSql();
const app = testApp(sql);

type Body = {
  data: Loan;
  changed: boolean;
  message: string;
  error?: string;
  details?: Record<string, string>;
};

const base = (loan: { grupo?: number }) => ({
  grupo: loan.grupo ?? 1,
  nombre_aval: 'Rosa Pérez',
  telefono_aval: '222 123 4567',
  garantias: ['Televisión', 'Refrigerador'],
  notas: 'Cobrar después de las 5',
});

async function edit(token: string, id: number, body: object) {
  const res = await send(app, 'PUT', `/api/loans/${id}`, token, body);
  return { status: res.status, body: (await res.json()) as Body };
}

const audits = (loanId: number) =>
  sql<{ action: string; before: Record<string, unknown>; after: Record<string, unknown>; user_id: number }[]>`
    select action, before, after, user_id::int from audit_log where entity = 'loans' and entity_id = ${loanId}
      and action = 'loan.edit' order by id`;

describe('PUT /api/loans/:id (Editar Préstamo)', () => {
  it('edits aval, guarantees, group and notes after payments, with an audit row', async () => {
    const t = await tenantWithLoans(sql, app);
    const loan = await t.addLoan({ rows: [{ pagada: true }, { parcial: 100 }] });
    const { status, body } = await edit(t.token, loan.id, {
      ...base({ grupo: 3 }),
      garantias: ['Moto', 'Estéreo', 'Mesa'],
    });
    expect(status).toBe(200);
    expect(body.message).toBe('Préstamo actualizado exitosamente');
    expect(body.data).toMatchObject({
      grupo: 3,
      nombre_aval: 'Rosa Pérez',
      telefono_aval: '222 123 4567',
      garantias: ['Moto', 'Estéreo', 'Mesa'],
      notas: 'Cobrar después de las 5',
      monto_credito: 7000,
    });
    const [audit] = await audits(loan.id);
    expect(audit).toMatchObject({
      user_id: t.userId,
      before: { grupo: 1, nombre_aval: null, notas: null, garantias: ['Televisión', 'Refrigerador'] },
      after: {
        grupo: 3,
        nombre_aval: 'Rosa Pérez',
        notas: 'Cobrar después de las 5',
        garantias: ['Moto', 'Estéreo', 'Mesa'],
      },
    });
    // The loan's sync version moved: devices receive the edit at their next pull.
    const [loanRow] = await sql<{ version: number }[]>`select version::int from loans where id = ${loan.id}`;
    expect(loanRow!.version).toBeGreaterThan(0);
  });

  it('recomputes figures and schedule when the amount and date change before any payment', async () => {
    const t = await tenantWithLoans(sql, app);
    const loan = await t.addLoan({ montoCredito: 7000 });
    const oldIds = loan.amortizationIds;
    const { status, body } = await edit(t.token, loan.id, {
      ...base({}),
      monto_credito: 10000,
      fecha_inicio: TODAY,
    });
    expect(status, JSON.stringify(body)).toBe(200);
    // SEMANAL 20 % / 14: 12,000 with interest, abono round(857.14) = 857.
    expect(body.data).toMatchObject({
      monto_credito: 10000,
      monto_con_interes: 12000,
      abono: 857,
      monto_entregado: 10000,
      fecha_inicio: TODAY,
    });
    expect(body.data.amortizacion).toHaveLength(14);
    expect(body.data.amortizacion.every((r) => !oldIds.includes(r.id))).toBe(true);
    const [audit] = await audits(loan.id);
    expect(audit!.before).toMatchObject({ monto_credito: 7000, abono: 600, monto_con_interes: 8400 });
    expect(audit!.after).toMatchObject({ monto_credito: 10000, abono: 857, monto_con_interes: 12000 });
    // The old rows reach devices as tombstones.
    const [tombs] = await sql<{ n: number }[]>`select count(*)::int as n from sync_tombstones
      where entity = 'amortizations' and entity_id = any(${sql.array(oldIds)}::bigint[])`;
    expect(tombs!.n).toBe(14);
    // The report summaries follow: what is due is the new schedule's, which adds up to monto con interés
    // (13 × 857 and a last row of 859).
    const [dueRow] = await sql<{ due: string }[]>`select sum(esperado)::text as due from report_daily
      where account_id = ${t.accountId}`;
    expect(Number(dueRow!.due)).toBe(12000);
    expect(body.data.amortizacion.map((r) => r.monto)).toEqual([...Array(13).fill(857), 859]);
  });

  it('refuses a money change after a payment, and changes nothing', async () => {
    const t = await tenantWithLoans(sql, app);
    const loan = await t.addLoan({ rows: [{ parcial: 50 }] });
    const { status, body } = await edit(t.token, loan.id, { ...base({}), monto_credito: 9000 });
    expect(status).toBe(409);
    expect(body.error).toBe(e.conPagos);
    const [row] = await sql<{ monto_credito: string; nombre_aval: string | null }[]>`
      select monto_credito::text, nombre_aval from loans where id = ${loan.id}`;
    expect(row).toEqual({ monto_credito: '7000.00', nombre_aval: null });
    expect(await audits(loan.id)).toHaveLength(0);
  });

  it('applies the method rules and the SPEC messages', async () => {
    const t = await tenantWithLoans(sql, app);
    const loan = await t.addLoan();
    const cases: [object, string][] = [
      [{ ...base({}), garantias: ['Solo una'] }, 'Debe ingresar al menos 2 garantías válidas'],
      [{ ...base({}), garantias: ['Una', ''] }, 'Debe ingresar una descripción'],
      [{ ...base({}), telefono_aval: '123' }, e.telefonoAval],
      [{ ...base({}), grupo: 0 }, 'El grupo debe ser un número entero mayor a 0'],
      [{ ...base({}), notas: 'x'.repeat(501) }, e.notasMaximo],
      [{ ...base({}), monto_credito: 500 }, 'El monto mínimo es $1,000.00'],
      [{ ...base({}), monto_credito: 'mucho' }, 'Debe ingresar un monto de crédito válido'],
    ];
    for (const [body, message] of cases) {
      const res = await edit(t.token, loan.id, body);
      expect(res.status, message).toBe(400);
      expect(res.body.error, message).toBe(message);
    }
  });

  it('requires the aval when the method does', async () => {
    const t = await tenantWithLoans(sql, app);
    await sql`update payment_methods set requiere_aval = true where id = ${t.paymentMethod.id}`;
    const loan = await t.addLoan();
    const res = await edit(t.token, loan.id, { ...base({}), nombre_aval: '', telefono_aval: '' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Debe ingresar el nombre del aval');
  });

  it("answers 404 for another account's loan and 403 without PRESTAMOS_CREAR", async () => {
    const a = await tenantWithLoans(sql, app);
    const b = await tenantWithLoans(sql, app);
    const loan = await a.addLoan();
    expect((await edit(b.token, loan.id, base({}))).status).toBe(404);
    const cobrador = await tenantWithLoans(sql, app, ['PRESTAMOS_VER', 'PAGOS_REGISTRAR', 'HOJAS_VER']);
    const own = await cobrador.addLoan();
    expect((await edit(cobrador.token, own.id, base({}))).status).toBe(403);
    expect((await edit(a.token, 999999999, base({}))).status).toBe(404);
    const bad = await send(app, 'PUT', `/api/loans/${loan.id}`, a.token, '{no json');
    expect(bad.status).toBe(400);
  });

  it('a method with another number of payments rebuilds the schedule to its length', async () => {
    const t = await tenantWithLoans(sql, app);
    const quincenal = await createPaymentMethod(sql, t.accountId, {
      modalidad: 'QUINCENAL',
      terms: {
        interes: 15,
        total_pagos: 6,
        interes_coordinadora: 15,
        total_pagos_coordinadora: 6,
        interes_empleado: 10,
        total_pagos_empleado: 6,
      },
    });
    const loan = await t.addLoan();
    const { status, body } = await edit(t.token, loan.id, { ...base({}), payment_method_id: quincenal.id });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.data).toMatchObject({ modalidad_pago: 'QUINCENAL', total_pagos: 6, interes: 15 });
    expect(body.data.amortizacion.map((r) => r.numero_pago)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
