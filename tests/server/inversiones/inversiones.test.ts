import { describe, expect, it } from 'vitest';
import type { InversionesResponse } from '../../../shared/inversiones/types';
import { connectTestSql, createTenant, getJson, loginToken, postJson, testApp } from '../helpers/test-db';

const sql = connectTestSql();
const app = testApp(sql);

describe('inversiones', () => {
  it('registers, and sums per person with withdrawals subtracted', async () => {
    const tenant = await createTenant(sql);
    const token = await loginToken(app, tenant);
    const save = (body: object) => postJson(app, '/api/guardar-inversion', body, token);
    const created = await save({
      fecha: '2026-02-01',
      importe: 50000,
      responsable: 'Rosa',
      tipo: 'Capital Inicial',
      descripcion: 'Arranque',
    });
    expect(created.status).toBe(201);
    expect(((await created.json()) as { message: string }).message).toBe('Inversión registrada exitosamente');
    await save({
      fecha: '2026-02-10',
      importe: '10,000.50',
      responsable: 'Rosa',
      tipo: 'Aportacion',
      descripcion: 'Más capital',
    });
    await save({
      fecha: '2026-02-20',
      importe: 2500.25,
      responsable: 'Rosa',
      tipo: 'Retiro',
      descripcion: 'Retiro de socio',
    });
    await save({
      fecha: '2026-02-25',
      importe: 8000,
      responsable: 'Juan',
      tipo: 'Reinversion',
      descripcion: 'Utilidades',
    });
    await save({
      fecha: '2026-03-01',
      importe: 1,
      responsable: 'Juan',
      tipo: 'Aportacion',
      descripcion: 'Fuera de rango',
    });

    const res = await getJson(app, '/api/list-inversiones?fechaInicio=2026-02-01&fechaFin=2026-02-28', token);
    const { data } = (await res.json()) as InversionesResponse;
    expect(data.inversiones).toHaveLength(4);
    // Rosa: 50,000 + 10,000.50 in, 2,500.25 out → 57,500.25; Juan: 8,000.
    expect(data.summary).toEqual([
      { responsable: 'Rosa', aportado: 60000.5, retirado: 2500.25, neto: 57500.25, count: 3 },
      { responsable: 'Juan', aportado: 8000, retirado: 0, neto: 8000, count: 1 },
    ]);
    expect(data.totals).toEqual({ aportado: 68000.5, retirado: 2500.25, neto: 65500.25 });
  });

  it.each([
    [{ fecha: '2026-02-01', importe: 10, responsable: 'Rosa', descripcion: 'x' }, 'El tipo es requerido'],
    [
      { fecha: '2026-02-01', importe: 10, responsable: 'Rosa', tipo: 'Prestamo', descripcion: 'x' },
      'El tipo es requerido',
    ],
    [
      { fecha: '2026-02-01', importe: 10, responsable: 'Rosa', tipo: 'Retiro' },
      'La descripción es requerida',
    ],
    [
      { fecha: '2026-02-01', importe: -5, responsable: 'Rosa', tipo: 'Retiro', descripcion: 'x' },
      'El importe debe ser mayor a 0',
    ],
    [{ importe: 5, responsable: 'Rosa', tipo: 'Retiro', descripcion: 'x' }, 'La fecha es requerida'],
    [{ fecha: '2026-02-01', importe: 5, tipo: 'Retiro', descripcion: 'x' }, 'El responsable es requerido'],
  ])('refuses %j with "%s"', async (body, message) => {
    const tenant = await createTenant(sql);
    const res = await postJson(app, '/api/guardar-inversion', body, await loginToken(app, tenant));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe(message);
  });

  it("shows only the account's own investments, and none to a COBRADOR", async () => {
    const a = await createTenant(sql);
    const b = await createTenant(sql);
    await postJson(
      app,
      '/api/guardar-inversion',
      { fecha: '2026-02-01', importe: 10, responsable: 'A', tipo: 'Aportacion', descripcion: 'x' },
      await loginToken(app, a),
    );
    const res = await getJson(
      app,
      '/api/list-inversiones?fechaInicio=2026-01-01&fechaFin=2026-12-31',
      await loginToken(app, b),
    );
    expect(((await res.json()) as InversionesResponse).data.inversiones).toHaveLength(0);
    const cobrador = await createTenant(sql, {
      permissions: ['PRESTAMOS_VER', 'PAGOS_REGISTRAR', 'HOJAS_VER'],
    });
    expect((await getJson(app, '/api/list-inversiones', await loginToken(app, cobrador))).status).toBe(403);
  });
});
