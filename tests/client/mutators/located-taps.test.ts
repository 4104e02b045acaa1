// Located taps on the phone (decision 029): what Cobranza's 'Pagó', 'No pagó' and 'Guardar ubicación' queue,
// what the watch answers at a tap without ever waiting, and that the server's schemas accept what is queued.
import 'fake-indexeddb/auto';
import * as v from 'valibot';
import { afterEach, describe, expect, test } from 'vitest';
import { PositionWatch } from '../../../client/features/location/position-watch';
import { recordClientLocation } from '../../../client/mutators/record-client-location';
import { recordPayment } from '../../../client/mutators/record-payment';
import { recordVisit } from '../../../client/mutators/record-visit';
import type { LocalDb } from '../../../client/store/database';
import { wireMutation } from '../../../client/store/local-types';
import { FRESH_FIX_MS, type GeoFix } from '../../../shared/location/types';
import { cents } from '../../../shared/money';
import { MUTATIONS } from '../../../shared/sync/mutations';
import { syncedOneLoanDb, TODAY } from '../helpers/sync-fixtures';

const ctx = { userId: 7, today: TODAY, now: new Date('2026-11-20T18:00:00Z') };
const DOOR: GeoFix = { lat: 19.043_2, lon: -98.198_1, precision: 9, tomada: '2026-11-20T17:59:58.000Z' };
const open: LocalDb[] = [];

async function synced() {
  const db = await syncedOneLoanDb();
  open.push(db);
  return db;
}

afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

/** What the server's registry reads from an entry as it travels. */
const serverReads = (wire: { name: string; args: unknown }) =>
  v.safeParse(MUTATIONS[wire.name as keyof typeof MUTATIONS].args, wire.args);

describe('what a located tap queues', () => {
  test('a payment and a visit carry the position or why there is none; without one, no field at all', async () => {
    const db = await synced();
    await recordPayment(db, { kind: 'pago', loanId: 1, amount: cents(50000), ubicacion: DOOR }, ctx);
    await recordVisit(
      db,
      1,
      { motivo: 'NO_ESTABA', fecha_promesa: null, nota: null },
      {
        ...ctx,
        ubicacion: { sin: 'denegada' },
      },
    );
    await recordPayment(db, { kind: 'pago', loanId: 1, amount: cents(10000) }, ctx);
    const entries = await db.outbox.orderBy('id').toArray();
    expect(entries.map((e) => (e.args as { ubicacion?: unknown }).ubicacion)).toEqual([
      DOOR,
      { sin: 'denegada' },
      undefined,
    ]);
    expect('ubicacion' in entries[2]!.args).toBe(false);
    for (const entry of entries) expect(serverReads(wireMutation(entry)).success).toBe(true);
  });

  test('Guardar ubicación queues client_location.save for the loan, listed as the client’s', async () => {
    const db = await synced();
    const result = await recordClientLocation(db, 1, DOOR, ctx);
    expect(result.ok).toBe(true);
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      name: 'client_location.save',
      args: { loanId: 1, ubicacion: DOOR },
      status: 'pending',
      loanId: 1,
      summary: { clientName: 'Ana López', description: 'Ubicación del cliente (± 9 m)' },
    });
    expect(serverReads(wireMutation(entry!)).success).toBe(true);
    expect(await recordClientLocation(db, 99, DOOR, ctx)).toEqual({
      ok: false,
      message: 'No se encontró el préstamo',
    });
  });
});

/** A phone's geolocation whose answers the test gives by hand. */
function fakeGeolocation() {
  let onPosition: PositionCallback | null = null;
  let onError: PositionErrorCallback | null | undefined = null;
  const pending: { ok: PositionCallback; fail?: PositionErrorCallback | null }[] = [];
  const geo = {
    watchPosition: (ok: PositionCallback, fail?: PositionErrorCallback | null) => {
      onPosition = ok;
      onError = fail;
      return 1;
    },
    clearWatch: () => {
      onPosition = null;
    },
    getCurrentPosition: (ok: PositionCallback, fail?: PositionErrorCallback | null) => {
      pending.push({ ok, fail });
    },
  } as unknown as Geolocation;
  const position = (lat: number, lon: number, accuracy: number, timestamp: number) =>
    ({ coords: { latitude: lat, longitude: lon, accuracy }, timestamp }) as GeolocationPosition;
  const error = (code: number) => ({ code, message: '' }) as GeolocationPositionError;
  return {
    geo,
    move: (lat: number, lon: number, accuracy: number, at: number) =>
      onPosition?.(position(lat, lon, accuracy, at)),
    refuse: () => onError?.(error(1)),
    answerNext: (lat: number, lon: number, at: number) => pending.shift()?.ok(position(lat, lon, 5, at)),
    refuseNext: () => pending.shift()?.fail?.(error(1)),
  };
}

describe('the position a tap takes', () => {
  test('the latest one while fresh; then why there is none, at once', () => {
    let now = Date.parse('2026-11-20T18:00:00Z');
    const phone = fakeGeolocation();
    const watch = new PositionWatch(phone.geo, () => now);
    // Before the collector read the reason, nothing is watched and nothing is held.
    expect(watch.current()).toEqual({ sin: 'no_disponible' });
    const stop = watch.start();
    expect(watch.status()).toEqual({ kind: 'buscando' });
    phone.move(19.043_212_345, -98.198_149_9, 11.6, now - 1000);
    expect(watch.current()).toEqual({
      lat: 19.043_212,
      lon: -98.19815,
      precision: 12,
      tomada: new Date(now - 1000).toISOString(),
    });
    expect(watch.status()).toEqual({ kind: 'lista', precision: 12 });
    // A network guess of a whole region is no place: the tap goes without it, not refused by the server.
    phone.move(19.5, -98.5, 250_000, now);
    expect(watch.current()).toMatchObject({ lat: 19.043_212 });
    now += FRESH_FIX_MS + 1000;
    expect(watch.current()).toEqual({ sin: 'vieja' });
    phone.refuse();
    expect(watch.current()).toEqual({ sin: 'denegada' });
    expect(watch.status()).toEqual({ kind: 'denegada' });
    stop();
    expect(watch.status()).toEqual({ kind: 'apagada' });
  });

  test('Guardar ubicación asks for a fresh one when the watch has none, and says when the phone refuses', async () => {
    const now = Date.parse('2026-11-20T18:00:00Z');
    const phone = fakeGeolocation();
    const watch = new PositionWatch(phone.geo, () => now);
    const asked = watch.fresh();
    phone.answerNext(19.5, -98.5, now);
    expect(await asked).toMatchObject({ lat: 19.5, lon: -98.5 });
    // Held now: the next one needs no question.
    expect(await watch.fresh()).toMatchObject({ lat: 19.5 });
    const later = new PositionWatch(phone.geo, () => now);
    const refused = later.fresh();
    phone.refuseNext();
    expect(await refused).toBe('denegada');
    expect(await new PositionWatch(undefined, () => now).fresh()).toBe('no_disponible');
  });
});
