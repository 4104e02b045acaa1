import { describe, expect, it } from 'vitest';
import { clientMessages } from '../../../shared/clients/messages';
import { newLoanMessages as m } from '../../../shared/loans/new-loan-messages';
import { mensajes } from '../../../shared/messages';
import { SEEDED_ROLES } from '../../../shared/permissions';
import { expectError, expectNoServerErrors, send } from '../helpers/catalog';
import { createMunicipality, createPaymentMethod } from '../helpers/loan-factory';
import { connectTestSql, testApp } from '../helpers/test-db';
import { TODAY, tenantWithLoans } from '../sync/helpers';
import { addWeeks, GUARANTEES, loanAudit, loansOfClient, loanTenant, saved } from './save-loan-helpers';

const sql = connectTestSql();
const app = testApp(sql);

const count = async (table: 'clients' | 'loans', accountId: number) => {
  const [row] = await sql<{ n: number }[]>`select count(*)::int as n from ${sql(table)}
    where account_id = ${accountId}`;
  return row!.n;
};

describe('POST /api/save-loan: a new loan', () => {
  it('recomputes the figures, writes the schedule and answers the loan with its rows (201)', async () => {
    const t = await loanTenant(sql, app);
    const start = addWeeks(TODAY, -3);
    const body = await saved(
      await t.save({
        ...t.body({ fecha_inicio: start, monto_credito: '5,000', nombre_aval: ' ', telefono_aval: '' }),
        // Figures of the SPEC's Loan entity are ignored: the server recomputes everything.
        monto_con_interes: 1,
        monto_entregado: 99999,
        abono: 1,
        interes: 0,
        total_pagos: 2,
        num_pago: 9,
        pagada: true,
        loan_reference: 'X-1',
        amortizacion: [{ numero_pago: 1, pagada: true }],
        loan_amortizations: [],
      }),
    );
    expect(body.message).toBe(m.creado);
    expect(body.data.client_id).toBe(t.clientId);
    expect(body.data.renewed_loan_id).toBeNull();
    const { loan } = body.data;
    expect(loan).toMatchObject({
      account_id: t.accountId,
      client_id: t.clientId,
      client_nombre: 'Ana López',
      municipality_id: t.municipalityId,
      municipality_name: 'Atlixco',
      payment_method_id: t.paymentMethod.id,
      previous_loan_id: null,
      grupo: 1,
      fecha_inicio: start,
      fecha_fin: addWeeks(start, 14),
      monto_credito: 5000,
      monto_con_interes: 6000,
      monto_entregado: 5000,
      interes: 20,
      modalidad_pago: 'SEMANAL',
      abono: 429, // 6,000 / 14 = 428.57 → whole pesos
      total_pagos: 14,
      num_pago: 3, // three payment dates are on or before today
      pagada: false,
      vencido: false,
      nombre_aval: null,
      telefono_aval: null,
      garantias: GUARANTEES,
      closed_at: null,
      has_aval: false,
    });
    expect(loan.loan_reference).toMatch(/^PR-\d{6}$/);
    expect(loan.amortizacion).toHaveLength(14);
    loan.amortizacion.forEach((row, i) => {
      expect(row).toMatchObject({
        numero_pago: i + 1,
        fecha_pago: addWeeks(start, i + 1),
        referencia: `${loan.loan_reference}-${i + 1}`,
        pagada: false,
        parcial: 0,
        fecha_pagada: null,
        renovo: false,
      });
    });
    const [stored] = await sql<{ created_by: number }[]>`select created_by from loans where id = ${loan.id}`;
    expect(stored!.created_by).toBe(t.userId);
    const audit = await loanAudit(sql, t.accountId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      entity: 'loans',
      entity_id: loan.id,
      action: 'save-loan',
      user_id: t.userId,
      before: null,
      after: {
        loan_reference: loan.loan_reference,
        client_id: t.clientId,
        monto_credito: 5000,
        monto_con_interes: 6000,
        abono: 429,
        saldo_anterior: 0,
        monto_entregado: 5000,
        total_pagos: 14,
        previous_loan_id: null,
      },
    });
  });

  it('uses the client type’s interest and number of payments, and keeps the aval', async () => {
    const t = await loanTenant(sql, app);
    const coordinadora = await t.newClient({ coordinadora: true });
    const empleado = await t.newClient({ empleado: true, coordinadora: true });
    const aval = { nombre_aval: ' Pedro Ruiz ', telefono_aval: '(222) 123-4567' };
    const a = (await saved(await t.save(t.body({ client_id: coordinadora, ...aval })))).data.loan;
    const b = (await saved(await t.save(t.body({ client_id: empleado })))).data.loan;
    expect(a).toMatchObject({ interes: 15, monto_con_interes: 5750, abono: 411, has_aval: true });
    expect(a).toMatchObject({ nombre_aval: 'Pedro Ruiz', telefono_aval: '(222) 123-4567' });
    expect(b).toMatchObject({ interes: 10, monto_con_interes: 5500, abono: 393 });
  });

  it('numbers references PR-000001… per account, after the loans already there, never repeating', async () => {
    const t = await loanTenant(sql, app);
    await t.addLoan();
    await t.addLoan(); // PR-000001, PR-000002 (tests/server/helpers/loan-factory.ts)
    const refs: string[] = [];
    for (let i = 0; i < 3; i++) {
      const client = await t.newClient();
      refs.push((await saved(await t.save(t.body({ client_id: client })))).data.loan.loan_reference);
    }
    expect(refs).toEqual(['PR-000003', 'PR-000004', 'PR-000005']);
    const other = await loanTenant(sql, app);
    expect((await saved(await other.save(other.body()))).data.loan.loan_reference).toBe('PR-000001');
  });

  it('grupo: the municipality’s last group by default, the given one when sent', async () => {
    const t = await loanTenant(sql, app);
    await t.addLoan({ grupo: 3 });
    await t.addLoan({ grupo: 7 });
    // A loan of another municipality does not count.
    const elsewhere = await createMunicipality(sql, t.accountId);
    const far = await t.newClient();
    await sql`update clients set municipality_id = ${elsewhere} where id = ${far}`;
    expect((await saved(await t.save(t.body({ client_id: far })))).data.loan.grupo).toBe(1);
    expect((await saved(await t.save(t.body()))).data.loan.grupo).toBe(7);
    const other = await t.newClient();
    expect((await saved(await t.save(t.body({ client_id: other, grupo: '2' })))).data.loan.grupo).toBe(2);
  });

  it('an amount exactly at the method’s minimum or maximum is accepted', async () => {
    const t = await loanTenant(sql, app);
    await saved(await t.save(t.body({ monto_credito: 1000 })));
    const other = await t.newClient();
    await saved(await t.save(t.body({ client_id: other, monto_credito: '30000.00' })));
  });
});

describe('POST /api/save-loan: docs/producto.md §5 rules answer 400 with the form’s messages per field', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['no client', { client_id: null }, 'client_id', m.clienteInvalido],
    ['no method', { payment_method_id: '' }, 'payment_method_id', m.modalidadRequerida],
    ['amount 0', { monto_credito: 0 }, 'monto_credito', m.montoInvalido],
    ['amount not a number', { monto_credito: 'mil' }, 'monto_credito', m.montoInvalido],
    ['below the minimum', { monto_credito: 999.99 }, 'monto_credito', 'El monto mínimo es $1,000.00'],
    ['above the maximum', { monto_credito: 30000.01 }, 'monto_credito', 'El monto máximo es $30,000.00'],
    ['no date', { fecha_inicio: '' }, 'fecha_inicio', m.fechaRequerida],
    ['impossible date', { fecha_inicio: '2026-02-30' }, 'fecha_inicio', m.fechaRequerida],
    ['one guarantee', { garantias: ['Televisión'] }, 'garantias', m.garantiasMinimo],
    ['a blank guarantee', { garantias: ['Televisión', '  '] }, 'garantias.1', m.garantiaDescripcion],
    ['six guarantees', { garantias: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'garantias', m.garantiasMaximo],
    ['group 0', { grupo: 0 }, 'grupo', m.grupoInvalido],
  ];
  it.each(cases)('%s', async (_name, patch, field, message) => {
    const t = await loanTenant(sql, app);
    const body = await expectError(await t.save(t.body(patch)), 400, 'VALIDATION', message);
    expect(body.details?.[field]).toBe(message);
    expect(await count('loans', t.accountId)).toBe(0);
  });

  it('a method that requires an aval needs its name and a valid phone', async () => {
    const t = await loanTenant(sql, app);
    await sql`update payment_methods set requiere_aval = true where id = ${t.paymentMethod.id}`;
    const missing = await expectError(await t.save(t.body()), 400, 'VALIDATION', m.avalNombre);
    expect(missing.details).toEqual({ nombre_aval: m.avalNombre, telefono_aval: m.avalTelefono });
    const badPhone = await expectError(
      await t.save(t.body({ nombre_aval: 'Pedro', telefono_aval: '123' })),
      400,
      'VALIDATION',
    );
    expect(badPhone.details).toEqual({ telefono_aval: clientMessages.telefonoDigitos });
    const ok = await saved(await t.save(t.body({ nombre_aval: 'Pedro', telefono_aval: '2221234567' })));
    expect(ok.data.loan).toMatchObject({ nombre_aval: 'Pedro', telefono_aval: '2221234567', has_aval: true });
  });

  it('malformed JSON, wrong types and out-of-range values are a 4xx, never a 500', async () => {
    const t = await loanTenant(sql, app);
    await expectNoServerErrors(app, t.token, [['POST', '/api/save-loan']]);
    const hostile: Record<string, unknown>[] = [
      { monto_credito: { $gt: 0 } },
      { monto_credito: '1e400' },
      { client_id: 1e300 },
      { client_id: [1] },
      { payment_method_id: { id: 1 } },
      { garantias: 'Televisión' },
      { garantias: [1, 2] },
      { garantias: null },
      { fecha_inicio: 20260105 },
      { fecha_inicio: '9999-12-31' },
      { fecha_inicio: '0000-01-01' },
      { grupo: 1e12 },
      { grupo: 'uno' },
      { nombre_aval: ['x'] },
      { telefono_aval: 'x'.repeat(500) },
      { new_client: 'Ana', client_id: null },
      { new_client: { nombre: 'Ana\u0000', telefono: '2221234567', municipality_id: 1 }, client_id: null },
      { previous_loan_id: 'anterior' },
      { previous_loan_id: -3 },
    ];
    for (const patch of hostile) {
      const res = await t.save(t.body(patch));
      const text = await res.text();
      expect(res.status, `${JSON.stringify(patch)} → ${text}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${JSON.stringify(patch)} → ${text}`).toBeLessThan(500);
    }
    expect(await count('loans', t.accountId)).toBe(0);
  });
});

describe('POST /api/save-loan: the inline new client', () => {
  const ana = (municipalityId: number, telefono = '244 123 4567') => ({
    nombre: ' Ana Nueva ',
    telefono,
    municipality_id: municipalityId,
    coordinadora: true,
  });

  it('is registered in the same transaction and gets the loan, with its type’s terms', async () => {
    const t = await loanTenant(sql, app);
    const before = await count('clients', t.accountId);
    const body = await saved(await t.save(t.body({ client_id: null, new_client: ana(t.municipalityId) })));
    const [client] = await sql<{ id: number; nombre: string; telefono: string; coordinadora: boolean }[]>`
      select id, nombre, telefono, coordinadora from clients where id = ${body.data.client_id}`;
    expect(client).toMatchObject({ nombre: 'Ana Nueva', telefono: '244 123 4567', coordinadora: true });
    expect(body.data.loan).toMatchObject({ client_id: client!.id, interes: 15, previous_loan_id: null });
    expect(await count('clients', t.accountId)).toBe(before + 1);
  });

  it('a bad phone, a foreign municipality or a refused amount create nothing', async () => {
    const t = await loanTenant(sql, app);
    const other = await tenantWithLoans(sql, app);
    const before = await count('clients', t.accountId);
    const phone = await expectError(
      await t.save(t.body({ client_id: null, new_client: ana(t.municipalityId, '123') })),
      400,
      'VALIDATION',
      clientMessages.telefonoDigitos,
    );
    expect(phone.details?.['new_client.telefono']).toBe(clientMessages.telefonoDigitos);
    const foreign = await expectError(
      await t.save(t.body({ client_id: null, new_client: ana(other.municipalityId) })),
      400,
      'VALIDATION',
      clientMessages.municipioNoExiste,
    );
    expect(foreign.details).toEqual({ 'new_client.municipality_id': clientMessages.municipioNoExiste });
    // The client is inserted before the method's range is checked: the whole transaction rolls back.
    await expectError(
      await t.save(t.body({ client_id: null, new_client: ana(t.municipalityId), monto_credito: 50 })),
      400,
      'VALIDATION',
      'El monto mínimo es $1,000.00',
    );
    // Both a client and a new client: refused by the schema.
    await expectError(
      await t.save(t.body({ new_client: ana(t.municipalityId) })),
      400,
      'VALIDATION',
      m.clienteInvalido,
    );
    expect(await count('clients', t.accountId)).toBe(before);
    expect(await count('clients', other.accountId)).toBe(0);
    expect(await count('loans', t.accountId)).toBe(0);
  });
});

describe('POST /api/save-loan: account and permission', () => {
  it('another account’s client is not found (404) and its method is refused (400)', async () => {
    const t = await loanTenant(sql, app);
    const other = await loanTenant(sql, app);
    await expectError(
      await t.save(t.body({ client_id: other.clientId })),
      404,
      'NOT_FOUND',
      m.clienteNoEncontrado,
    );
    const method = await expectError(
      await t.save(t.body({ payment_method_id: other.paymentMethod.id })),
      400,
      'VALIDATION',
      m.modalidadNoEncontrada,
    );
    expect(method.details).toEqual({ payment_method_id: m.modalidadNoEncontrada });
    expect(await count('loans', other.accountId)).toBe(0);
    expect(await count('loans', t.accountId)).toBe(0);
  });

  it('another payment mode of the account gives its own schedule (QUINCENAL: every 14 days)', async () => {
    const t = await loanTenant(sql, app);
    const quincenal = await createPaymentMethod(sql, t.accountId, { modalidad: 'QUINCENAL' });
    const { loan } = (await saved(await t.save(t.body({ payment_method_id: quincenal.id })))).data;
    expect(loan.modalidad_pago).toBe('QUINCENAL');
    expect(loan.amortizacion[1]!.fecha_pago).toBe(addWeeks(TODAY, 4));
    expect(loan.fecha_fin).toBe(addWeeks(TODAY, 28));
  });

  it('needs PRESTAMOS_CREAR: a COBRADOR gets 403, an anonymous caller 401', async () => {
    const t = await loanTenant(sql, app, SEEDED_ROLES.COBRADOR);
    await expectError(await t.save(t.body()), 403, 'FORBIDDEN', mensajes.sinPermiso);
    await expectError(await send(app, 'POST', '/api/save-loan', undefined, t.body()), 401, 'UNAUTHENTICATED');
    const capturista = await loanTenant(sql, app, SEEDED_ROLES.CAPTURISTA);
    await saved(await capturista.save(capturista.body()));
    expect(await count('loans', t.accountId)).toBe(0);
    expect(await loansOfClient(sql, capturista.clientId)).toHaveLength(1);
  });
});
