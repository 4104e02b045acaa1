// Located visits and payments (decision 029): the account's setting, what a located tap stores exactly once,
// 'Guardar ubicación', and who reads where things happened.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { LoginResponse } from '../../../shared/auth/types';
import { haversineMeters } from '../../../shared/location/distance';
import { locationMessages as lm } from '../../../shared/location/messages';
import type { ClientPlace, GeoFix, PlaceView } from '../../../shared/location/types';
import { mensajes } from '../../../shared/messages';
import { paymentMessages as pm } from '../../../shared/payments/messages';
import type { LedgerEntry } from '../../../shared/payments/types';
import type { Mutation } from '../../../shared/sync/types';
import type { Visit } from '../../../shared/visits/types';
import { allBut, dataOf, expectError, send } from '../helpers/catalog';
import { addCobrador, visit } from '../helpers/collector';
import { createClient, createLoan, createMunicipality } from '../helpers/loan-factory';
import { connectTestSql, loginToken, postJson, testApp } from '../helpers/test-db';
import { pullAll, push, TODAY, tenantWithLoans } from '../sync/helpers';

const sql = connectTestSql();
const app = testApp(sql);

/** The client's door and a spot across the street (~40 m north) in Atlixco. */
const DOOR: GeoFix = { lat: 18.906_2, lon: -98.435_1, precision: 8, tomada: new Date().toISOString() };
const ACROSS: GeoFix = { ...DOOR, lat: 18.906_56, precision: 15 };

const payment = (id: number, loanId: number, extra: Record<string, unknown> = {}): Mutation => ({
  id,
  name: 'payment.record',
  args: { receiptId: randomUUID(), loanId, amount: 100, fecha: TODAY, ...extra },
  clientTime: new Date().toISOString(),
});
const saveLocation = (
  id: number,
  loanId: number,
  ubicacion: unknown,
  receiptId = randomUUID(),
): Mutation => ({
  id,
  name: 'client_location.save',
  args: { receiptId, loanId, ubicacion },
  clientTime: new Date().toISOString(),
});

const setRecording = (token: string, on: boolean) =>
  send(app, 'PUT', '/api/account-settings', token, { registrar_ubicacion: on });

const ledgerOf = async (token: string, loanId: number) => {
  const res = await send(app, 'GET', `/api/loans/${loanId}/payments`, token);
  const body = (await res.json()) as { data: LedgerEntry[]; lugar_cliente?: ClientPlace | null };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body;
};
const visitsOf = async (token: string, loanId: number) =>
  dataOf<Visit[]>(await send(app, 'GET', `/api/loans/${loanId}/visits`, token));

async function recordingTenant() {
  const t = await tenantWithLoans(sql, app, allBut('CUENTAS_GESTIONAR'));
  expect((await setRecording(t.token, true)).status).toBe(200);
  return t;
}

describe('the account setting', () => {
  it('is off for a new account; its ADMINISTRADOR turns it on, and the session says so at the next sign-in', async () => {
    // An account's administrator without CUENTAS_GESTIONAR, as every account but the installation's has.
    const t = await tenantWithLoans(sql, app, allBut('CUENTAS_GESTIONAR'));
    const login = async () =>
      (
        (await (
          await postJson(app, '/api/login', { email: t.email, password: t.password })
        ).json()) as LoginResponse
      ).user;
    expect((await login()).registrar_ubicacion).toBe(false);
    expect(await dataOf(await send(app, 'GET', '/api/account-settings', t.token))).toEqual({
      registrar_ubicacion: false,
    });

    const res = await setRecording(t.token, true);
    const body = (await res.json()) as { data: unknown; message: string };
    expect(res.status).toBe(200);
    expect(body).toEqual({ data: { registrar_ubicacion: true }, message: lm.ajustesGuardados });
    expect((await login()).registrar_ubicacion).toBe(true);
    const [audit] = await sql<{ before: unknown; after: unknown }[]>`select before, after from audit_log
      where account_id = ${t.accountId} and entity = 'accounts'`;
    expect(audit).toEqual({ before: { registrar_ubicacion: false }, after: { registrar_ubicacion: true } });

    await expectError(
      await send(app, 'PUT', '/api/account-settings', t.token, { registrar_ubicacion: 'si' }),
      400,
      'VALIDATION',
      lm.registrarInvalido,
    );
  });

  it('a COBRADOR and a CAPTURISTA cannot read or change it', async () => {
    const t = await tenantWithLoans(sql, app, allBut('CUENTAS_GESTIONAR'));
    const cobrador = await addCobrador(sql, app, t.accountId);
    const capturista = await loginToken(app, await addCapturista(t.accountId));
    for (const token of [cobrador.token, capturista]) {
      await expectError(await setRecording(token, true), 403, 'FORBIDDEN', mensajes.sinPermiso);
      await expectError(await send(app, 'GET', '/api/account-settings', token), 403, 'FORBIDDEN');
    }
    const [account] = await sql<{ on: boolean }[]>`select registrar_ubicacion as on from accounts
      where id = ${t.accountId}`;
    expect(account!.on).toBe(false);
  });

  it('while off, the server keeps no position a phone sends, and refuses to save a client’s place', async () => {
    const t = await tenantWithLoans(sql, app);
    const loan = await t.addLoan();
    const { results } = await push(app, t.token, randomUUID(), [
      payment(1, loan.id, { ubicacion: DOOR }),
      visit(2, { loanId: loan.id, fecha: TODAY, motivo: 'NO_ESTABA', ubicacion: { sin: 'denegada' } }),
      saveLocation(3, loan.id, DOOR),
    ]);
    expect(results.map((r) => [r.status, r.reason])).toEqual([
      ['applied', undefined],
      ['applied', undefined],
      ['rejected', lm.cuentaSinUbicacion],
    ]);
    const stored = await sql`select ubicacion_lat, sin_ubicacion from payments where loan_id = ${loan.id}
      union all select ubicacion_lat, sin_ubicacion from visits where loan_id = ${loan.id}`;
    expect(stored).toEqual([
      { ubicacion_lat: null, sin_ubicacion: null },
      { ubicacion_lat: null, sin_ubicacion: null },
    ]);
    expect(await sql`select 1 from client_locations where loan_id = ${loan.id}`).toHaveLength(0);
  });
});

async function addCapturista(accountId: number) {
  const tag = randomUUID().slice(0, 8);
  const [role] = await sql<{ id: number }[]>`insert into roles (account_id, role_name)
    values (${accountId}, ${`CAPTURISTA ${tag.toUpperCase()}`}) returning id`;
  for (const permission of allBut('USUARIOS_GESTIONAR', 'ROLES_GESTIONAR', 'CUENTAS_GESTIONAR'))
    await sql`insert into role_permissions (role_id, permission) values (${role!.id}, ${permission})`;
  const { hashPassword, QUICK_PASSWORD_COST } = await import('../../../server/auth/passwords');
  const email = `capturista-${tag}@prueba.mx`;
  await sql`insert into users (account_id, role_id, name, email, password_hash)
    values (${accountId}, ${role!.id}, 'Capturista', ${email}, ${await hashPassword('secreto123', QUICK_PASSWORD_COST)})`;
  return { email, password: 'secreto123' };
}

describe('a located tap', () => {
  it('stores the position or why there is none, once, however often the push is replayed', async () => {
    const t = await recordingTenant();
    const cobrador = await addCobrador(sql, app, t.accountId);
    const [located, denied, older] = [await t.addLoan(), await t.addLoan(), await t.addLoan()];
    const device = randomUUID();
    const mutations = [
      payment(1, located.id, { ubicacion: ACROSS }),
      visit(2, { loanId: denied.id, fecha: TODAY, motivo: 'SIN_DINERO', ubicacion: { sin: 'denegada' } }),
      payment(3, denied.id, { ubicacion: { sin: 'vieja' } }),
      // An entry queued by a phone of before: no `ubicacion` at all.
      payment(4, older.id),
    ];
    const first = await push(app, cobrador.token, device, mutations);
    expect(first.results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied', 'applied']);
    // The answer was lost: the same push again, then the same receipts under new ids.
    await push(app, cobrador.token, device, mutations);
    const again = await push(
      app,
      cobrador.token,
      device,
      mutations.map((m, i) => ({ ...m, id: 5 + i })),
    );
    expect(again.results.map((r) => r.status)).toEqual(['skipped', 'skipped', 'skipped', 'skipped']);

    const rows = await sql<
      {
        loan_id: number;
        lat: number | null;
        lon: number | null;
        precision: number | null;
        sin: string | null;
      }[]
    >`select loan_id, ubicacion_lat as lat, ubicacion_lon as lon, ubicacion_precision_m as precision,
        sin_ubicacion as sin from payments
      where loan_id = any(${sql.array([located.id, denied.id, older.id])}::bigint[]) order by id`;
    expect(rows).toEqual([
      { loan_id: located.id, lat: ACROSS.lat, lon: ACROSS.lon, precision: 15, sin: null },
      { loan_id: denied.id, lat: null, lon: null, precision: null, sin: 'vieja' },
      { loan_id: older.id, lat: null, lon: null, precision: null, sin: null },
    ]);
    const visits = await sql`select sin_ubicacion, ubicacion_lat from visits where loan_id = ${denied.id}`;
    expect(visits).toEqual([{ sin_ubicacion: 'denegada', ubicacion_lat: null }]);
  });

  it('refuses, with its Spanish reason, a position out of range or without its time; the next entries go on', async () => {
    const t = await recordingTenant();
    const loan = await t.addLoan();
    const { results } = await push(app, t.token, randomUUID(), [
      payment(1, loan.id, { ubicacion: { ...DOOR, lat: 91 } }),
      payment(2, loan.id, { ubicacion: { lat: DOOR.lat, lon: DOOR.lon, precision: 5 } }),
      visit(3, { loanId: loan.id, fecha: TODAY, motivo: 'NO_ESTABA', ubicacion: { sin: 'quien sabe' } }),
      saveLocation(4, loan.id, { sin: 'denegada' }),
      payment(5, loan.id, { ubicacion: DOOR }),
    ]);
    expect(results.map((r) => [r.status, r.reason])).toEqual([
      ['rejected', lm.ubicacionInvalida],
      ['rejected', lm.ubicacionInvalida],
      ['rejected', lm.ubicacionInvalida],
      ['rejected', lm.ubicacionInvalida],
      ['applied', undefined],
    ]);
  });
});

describe('Guardar ubicación', () => {
  it('saves the client’s place once per receipt; the latest place is the one distances are measured from', async () => {
    const t = await recordingTenant();
    const cobrador = await addCobrador(sql, app, t.accountId);
    const loan = await t.addLoan();
    const device = randomUUID();
    const receipt = randomUUID();
    const saved = await push(app, cobrador.token, device, [
      saveLocation(1, loan.id, { ...DOOR, lat: DOOR.lat + 0.01 }),
      saveLocation(2, loan.id, DOOR, receipt),
    ]);
    expect(saved.results.map((r) => r.status)).toEqual(['applied', 'applied']);
    const replay = await push(app, cobrador.token, device, [saveLocation(3, loan.id, DOOR, receipt)]);
    expect(replay.results).toEqual([{ id: 3, status: 'skipped', reason: lm.ubicacionDuplicada }]);
    const places = await sql<{ user_id: number; client_id: string; mutation_id: number }[]>`
      select user_id, client_id, mutation_id from client_locations where loan_id = ${loan.id} order by id`;
    expect(places).toEqual([
      { user_id: cobrador.userId, client_id: device, mutation_id: 1 },
      { user_id: cobrador.userId, client_id: device, mutation_id: 2 },
    ]);

    await push(app, cobrador.token, device, [
      payment(4, loan.id, { ubicacion: ACROSS }),
      visit(5, { loanId: loan.id, fecha: TODAY, motivo: 'NO_ESTABA', ubicacion: ACROSS }),
    ]);
    const distance = Math.round(haversineMeters(ACROSS, DOOR));
    expect(distance).toBeGreaterThan(35);
    expect(distance).toBeLessThan(45);
    const expected: PlaceView = { ...ACROSS, distancia: distance };

    const ledger = await ledgerOf(t.token, loan.id);
    expect(ledger.data.map((e) => e.ubicacion)).toEqual([expected]);
    expect(ledger.lugar_cliente).toMatchObject({
      lat: DOOR.lat,
      lon: DOOR.lon,
      precision: 8,
      user_name: 'Cobrador Ruta',
    });
    expect((await visitsOf(t.token, loan.id)).map((v) => v.ubicacion)).toEqual([expected]);
  });

  it('answers as if the loan did not exist for another town’s or another account’s loan', async () => {
    const t = await recordingTenant();
    const other = await recordingTenant();
    const foreign = await other.addLoan();
    const town = await createMunicipality(sql, t.accountId, { name: 'Cholula' });
    const elsewhere = await createLoan(sql, {
      accountId: t.accountId,
      clientId: await createClient(sql, t.accountId, town),
      municipalityId: town,
      paymentMethod: t.paymentMethod,
      montoCredito: 7000,
      fechaInicio: TODAY,
    });
    const cobrador = await addCobrador(sql, app, t.accountId);
    await sql`update users set todos_municipios = false where id = ${cobrador.userId}`;
    await sql`insert into user_municipalities (user_id, municipality_id) values (${cobrador.userId}, ${t.municipalityId})`;
    const { results } = await push(app, cobrador.token, randomUUID(), [
      saveLocation(1, foreign.id, DOOR),
      saveLocation(2, elsewhere.id, DOOR),
    ]);
    expect(results.map((r) => r.reason)).toEqual([pm.prestamoNoEncontrado, pm.prestamoNoEncontrado]);
  });
});

describe('who reads where it happened', () => {
  it('the office (REPORTES_VER) reads it; a COBRADOR gets no location field at all, nor does the pull carry one', async () => {
    const t = await recordingTenant();
    const cobrador = await addCobrador(sql, app, t.accountId);
    const loan = await t.addLoan();
    const device = randomUUID();
    await push(app, cobrador.token, device, [
      saveLocation(1, loan.id, DOOR),
      payment(2, loan.id, { ubicacion: ACROSS }),
      visit(3, { loanId: loan.id, fecha: TODAY, motivo: 'NO_ESTABA', ubicacion: { sin: 'no_disponible' } }),
    ]);
    const capturista = await loginToken(app, await addCapturista(t.accountId));
    const office = await ledgerOf(capturista, loan.id);
    expect(office.data[0]!.ubicacion).toMatchObject({ lat: ACROSS.lat, lon: ACROSS.lon });
    expect((await visitsOf(capturista, loan.id))[0]!.ubicacion).toEqual({ sin: 'no_disponible' });

    const own = await ledgerOf(cobrador.token, loan.id);
    expect(own.data).toHaveLength(1);
    expect('ubicacion' in own.data[0]!).toBe(false);
    expect('lugar_cliente' in own).toBe(false);
    const history = await dataOf<LedgerEntry[]>(
      await send(
        app,
        'GET',
        `/api/loans/${loan.id}/amortizations/${loan.amortizationIds[0]}/history`,
        cobrador.token,
      ),
    );
    expect(history.some((e) => 'ubicacion' in e)).toBe(false);
    const visits = await visitsOf(cobrador.token, loan.id);
    expect(visits).toHaveLength(1);
    expect('ubicacion' in visits[0]!).toBe(false);

    const pages = await pullAll(app, cobrador.token, device);
    const pulled = JSON.stringify(pages.map((p) => p.changes));
    expect(pulled).not.toContain('ubicacion');
    expect(pulled).not.toContain(String(ACROSS.lat));
  });
});
