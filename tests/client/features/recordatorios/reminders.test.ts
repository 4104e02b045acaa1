// 'Recordatorios de mañana' (docs/producto.md §2.24, decision 028): which town is tomorrow's, what each client is
// reminded of (what the Cobranza card will offer in 'Pagó' that day), the message and its links, and the marks
// of who was reminded, kept on the phone per user and per date.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, test } from 'vitest';
import { cardModel } from '../../../../client/features/cobranza/cobranza-model';
import { readCobranzaItems, readCobranzaRoute } from '../../../../client/features/cobranza/read-cobranza';
import { nextCollectionDate } from '../../../../client/features/recordatorios/next-collection';
import {
  readReminderItems,
  readReminderTowns,
} from '../../../../client/features/recordatorios/read-reminders';
import {
  markReminded,
  marksOn,
  RemindersDb,
  remindersDbName,
  unmarkReminded,
} from '../../../../client/features/recordatorios/reminder-marks';
import {
  reminderLines,
  reminderMessage,
  smsLink,
  tenDigits,
  whatsappLink,
} from '../../../../client/features/recordatorios/reminders-model';
import { recordPayment } from '../../../../client/mutators/record-payment';
import type { LocalDb } from '../../../../client/store/database';
import { putScheduleRows } from '../../../../client/store/schedules';
import { addDays } from '../../../../shared/dates';
import { cents, toPesos } from '../../../../shared/money';
import { clientFixture, freshDb, loanFixture, municipalityFixture, TODAY } from '../../helpers/sync-fixtures';

// TODAY is a Friday: its Monday town collects in three days; the Sunday after, tomorrow.
const SUNDAY = addDays(TODAY, 2);
const MONDAY = addDays(TODAY, 3);

const open: { close(): void }[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

describe('the next collection date', () => {
  test('the first day after today that is the town’s collection day, a week later on the day itself', () => {
    expect(nextCollectionDate('LUNES', TODAY)).toBe(MONDAY);
    expect(nextCollectionDate('LUNES', SUNDAY)).toBe(MONDAY);
    expect(nextCollectionDate('VIERNES', TODAY)).toBe(addDays(TODAY, 7));
    expect(nextCollectionDate('MARTES', MONDAY)).toBe(addDays(MONDAY, 1));
  });
});

/** Atlixco (Mondays) with three loans: one behind, one paid ahead, one of another town; and Puebla (Fridays). */
async function stocked() {
  const db = freshDb();
  open.push(db);
  const behind = loanFixture(1, { client_id: 1 });
  const ahead = loanFixture(2, { client_id: 2 });
  const elsewhere = loanFixture(3, { client_id: 3, municipality_id: 2 });
  await db.municipalities.bulkPut([
    municipalityFixture(),
    { ...municipalityFixture(), id: 2, name: 'Puebla', collection_day: 'VIERNES' },
    { ...municipalityFixture(), id: 3, name: 'Sin préstamos', collection_day: 'LUNES' },
  ]);
  await db.clients.bulkPut([
    clientFixture(1, { nombre: 'Ana López', telefono: '+52 244 123 4567' }),
    clientFixture(2, { nombre: 'Beto Ruiz' }),
    clientFixture(3, { nombre: 'Carla Díaz', municipality_id: 2 }),
  ]);
  await db.loans.bulkPut([behind.loan, ahead.loan, elsewhere.loan]);
  const paidAhead = ahead.rows.map((r) =>
    r.numero_pago <= 6 ? { ...r, pagada: true, fecha_pagada: addDays(TODAY, -1) } : r,
  );
  await putScheduleRows(db, [...behind.rows, ...paidAhead, ...elsewhere.rows]);
  return db;
}

async function linesFor(db: LocalDb, today: string) {
  const towns = await readReminderTowns(db, today);
  const town = towns[0]!;
  return {
    towns,
    town,
    lines: reminderLines(await readReminderItems(db, town.id), town.collectionDay, town.date),
  };
}

describe('the reminders of a town', () => {
  test('the Sunday before: Atlixco is tomorrow’s, one line per client who owes, what the card will ask', async () => {
    const db = await stocked();
    // Paid on the phone today: the reminder already counts it.
    await recordPayment(
      db,
      { kind: 'pago', loanId: 1, amount: cents(150_00) },
      {
        userId: 7,
        today: SUNDAY,
        now: new Date(`${SUNDAY}T18:00:00Z`),
      },
    );
    const { towns, town, lines } = await linesFor(db, SUNDAY);
    expect(towns.map((t) => [t.name, t.date])).toEqual([
      ['Atlixco', MONDAY],
      ['Puebla', addDays(TODAY, 7)],
    ]);
    expect(lines.map((l) => l.clientName)).toEqual(['Ana López']);
    // Monday on the phone: the card's 'Pagó' is the reminder's amount.
    const route = await readCobranzaRoute(db, MONDAY);
    const items = await readCobranzaItems(
      db,
      route.filter((r) => r.municipality.id === town.id),
      null,
    );
    const card = cardModel(items.find((i) => i.input.loanId === 1)!.input, items[0]!.week, MONDAY);
    expect(toPesos(lines[0]!.aCobrar)).toBe(card.abonoSemana);
    // Rows of Oct 30 … Nov 20 were due, and Nov 27 is in the week: 5 × $100 less the $150 paid on Sunday.
    expect(lines[0]).toMatchObject({ aCobrar: cents(350_00), atraso: cents(250_00) });
  });

  test('the message says when and how much, and opens in WhatsApp or as an SMS', async () => {
    const db = await stocked();
    const { lines } = await linesFor(db, SUNDAY);
    const text = reminderMessage(lines[0]!, MONDAY, SUNDAY, 'Préstamos La Esperanza');
    expect(text).toBe(
      'Hola Ana López, le recordamos que mañana lunes 23/11/2026 pasamos a cobrar su abono de $500.00 ' +
        '(incluye $400.00 de atraso), préstamo PR-000001. Préstamos La Esperanza',
    );
    const phone = tenDigits(lines[0]!.telefono);
    expect(phone).toBe('2441234567');
    expect(whatsappLink(phone!, text)).toBe(`https://wa.me/522441234567?text=${encodeURIComponent(text)}`);
    expect(smsLink(phone!, text)).toBe(`sms:+522441234567?body=${encodeURIComponent(text)}`);
    expect(tenDigits('123')).toBeNull();
    expect(reminderMessage(lines[0]!, MONDAY, TODAY, 'X')).toContain('que el lunes 23/11/2026 pasamos');
  });
});

describe('who was reminded, on this phone', () => {
  const store = (userId: number) => {
    const db = new RemindersDb(`${remindersDbName(userId)}-${crypto.randomUUID()}`);
    open.push(db);
    return db;
  };

  test('kept per date across a new opening of the store, and taken back', async () => {
    const name = `${remindersDbName(7)}-${crypto.randomUUID()}`;
    const first = new RemindersDb(name);
    await markReminded(first, { fecha: MONDAY, loanId: 1, via: 'whatsapp' });
    await markReminded(first, { fecha: addDays(MONDAY, 7), loanId: 2, via: 'sms' });
    first.close();
    const again = new RemindersDb(name);
    open.push(again);
    expect((await marksOn(again, MONDAY)).map((m) => [m.loanId, m.via])).toEqual([[1, 'whatsapp']]);
    await unmarkReminded(again, MONDAY, 1);
    expect(await marksOn(again, MONDAY)).toEqual([]);
    expect(await marksOn(again, addDays(MONDAY, 7))).toHaveLength(1);
  });

  test('another user’s phone store has its own marks; marks four weeks old are dropped', async () => {
    const mine = store(7);
    const theirs = store(8);
    await markReminded(mine, { fecha: addDays(MONDAY, -35), loanId: 1, via: 'manual' });
    await markReminded(mine, { fecha: MONDAY, loanId: 1, via: 'manual' });
    expect(await marksOn(theirs, MONDAY)).toEqual([]);
    expect(await marksOn(mine, addDays(MONDAY, -35))).toEqual([]);
    expect(await marksOn(mine, MONDAY)).toHaveLength(1);
  });
});
