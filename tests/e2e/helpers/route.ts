// A test's own town and loans, made through the API: other files pay, renew and generate sheets on the demo
// data, and the demo is built around the day the run happens, so a test that works a week's sheet or route
// on the demo's towns depends on the date and on which files ran before it.
import { expect } from 'vitest';
import { businessToday } from '../../../shared/dates';
import type { CollectionDay } from '../../../shared/municipalities/schemas';
import { baseUrl } from './browser';

/** A demo user's access token. */
export async function tokenOf(email: string): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo1234' }),
  });
  return ((await res.json()) as { token: string }).token;
}

export async function call<T>(
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${baseUrl()}/api/${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as T };
}

/**
 * A new Monday town (its coverage week always holds today; `collectionDay` another day) named `<prefix> XXXXXX`,
 * with `clients` new clients, each with a weekly loan whose first abono fell due this week. Client names start with
 * the town's name, so a search by it shows just them.
 */
export async function seedWeeklyTown(
  prefix: string,
  clients: number,
  collectionDay: CollectionDay = 'LUNES',
) {
  const admin = await tokenOf('admin@demo.mx');
  const tag = `${prefix} ${crypto.randomUUID().slice(0, 6).toUpperCase()}`;
  const town = await call<{ data: { id: number } }>(admin, 'POST', 'municipalities', {
    name: tag,
    collection_day: collectionDay,
  });
  expect(town.status).toBe(201);
  const methods = await call<{ data: { id: number; modalidad_pago: string; monto_minimo: number }[] }>(
    admin,
    'GET',
    'payment-methods',
  );
  const weekly = methods.body.data.find((m) => m.modalidad_pago === 'SEMANAL')!;
  const started = new Date(Date.now() - 7 * 86_400_000 - 6 * 3600_000).toISOString().slice(0, 10);
  for (let k = 1; k <= clients; k++) {
    const saved = await call(admin, 'POST', 'save-loan', {
      new_client: {
        nombre: `${tag} Cliente ${k}`,
        telefono: `55123456${String(k).padStart(2, '0')}`,
        municipality_id: town.body.data.id,
        coordinadora: false,
        empleado: false,
      },
      payment_method_id: weekly.id,
      monto_credito: weekly.monto_minimo,
      fecha_inicio: started,
      garantias: ['Televisión', 'Refrigerador'],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
  }
  return { admin, tag, townId: town.body.data.id };
}

/**
 * The demo collector's 'Cerrar día' of today with a 200-character note: the widest row the cortes table gets
 * (a screen that cuts it off, or scrolls it, shows it).
 */
export async function seedLongCorte(contado: number) {
  const cobrador = await tokenOf('cobrador@demo.mx');
  const nota = `Entregado en la oficina; ${'faltó cambio de la ruta '.repeat(7)}`.slice(0, 200);
  const pushed = await call<{ results: { status: string }[] }>(cobrador, 'POST', 'sync/push', {
    clientId: crypto.randomUUID(),
    mutations: [
      {
        id: 1,
        name: 'cash_count.create',
        args: { receiptId: crypto.randomUUID(), fecha: businessToday(), contado, nota },
        clientTime: new Date().toISOString(),
      },
    ],
  });
  expect(pushed.body.results.map((r) => r.status)).toEqual(['applied']);
}
