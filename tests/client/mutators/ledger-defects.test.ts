// The defects a user met before the payment ledger (decision 021), each as the phone now answers it. (The
// corte and the sheet's amount against the server: tests/server/payments/phone-and-office.test.ts.)
import 'fake-indexeddb/auto';
import fc from 'fast-check';
import * as v from 'valibot';
import { afterEach, describe, expect, test } from 'vitest';
import { cardModel } from '../../../client/features/cobranza/cobranza-model';
import { previewPayment, recordPayment } from '../../../client/mutators/record-payment';
import type { LocalDb } from '../../../client/store/database';
import { putScheduleRows } from '../../../client/store/schedules';
import { addDays } from '../../../shared/dates';
import type { Amortization } from '../../../shared/loans/types';
import { cents, formatMoney } from '../../../shared/money';
import { paymentMessages as m } from '../../../shared/payments/messages';
import { receivedAmountSchema } from '../../../shared/payments/schemas';
import { clientFixture, freshDb, loanFixture, TODAY } from '../helpers/sync-fixtures';

const ctx = { userId: 7, today: TODAY, now: new Date('2026-11-20T18:00:00Z') };
const open: LocalDb[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

async function seeded() {
  const db = freshDb();
  open.push(db);
  // 1,400 in 14 weekly rows of 100.
  const { loan, rows } = loanFixture(1);
  await db.loans.put(loan);
  await putScheduleRows(db, rows);
  await db.clients.put(clientFixture(1, { nombre: 'Ana López' }));
  return { db, loan, rows };
}

describe('Sincronización shows the amount the user entered', () => {
  test('a payment of $1,286 reads "Pago de $1,286.00", whatever rows it reaches', async () => {
    const { db } = await seeded();
    await recordPayment(db, { kind: 'pago', loanId: 1, amount: cents(1286_00) }, ctx);
    expect((await db.outbox.get(1))?.summary).toMatchObject({
      description: 'Pago de $1,286.00',
      cobrado: 1286,
    });
  });

  test('a row edit to $80 on a row that had $50 is a payment of $30, and says so', async () => {
    const { db } = await seeded();
    await recordPayment(
      db,
      { kind: 'fila', loanId: 1, amortizationId: 101, edit: { parcial: cents(50_00) } },
      ctx,
    );
    await recordPayment(
      db,
      { kind: 'fila', loanId: 1, amortizationId: 101, edit: { parcial: cents(80_00) } },
      ctx,
    );
    expect((await db.outbox.get(2))?.summary).toMatchObject({ description: 'Pago de $30.00', cobrado: 30 });
  });
});

describe("'Otro monto' names the real problem", () => {
  test('zero, or not a number: "mayor que 0"; more than two decimals: says so', () => {
    for (const text of ['0', '0.00', '', '-5', 'abc'])
      expect(v.safeParse(receivedAmountSchema, text).issues?.[0]?.message, text).toBe(m.montoMayorQueCero);
    expect(v.safeParse(receivedAmountSchema, '10.005').issues?.[0]?.message).toBe(m.montoDecimales);
    expect(v.safeParse(receivedAmountSchema, '1286.50').output).toBe(128650);
  });

  test('above what the loan owes: the balance, as the server says it; nothing is queued', async () => {
    const { db, loan, rows } = await seeded();
    const above = { kind: 'pago', loanId: 1, amount: cents(1400_01) } as const;
    expect(previewPayment(loan, rows, above, TODAY)).toEqual({
      ok: false,
      message: m.excedeSaldo('$1,400.00'),
    });
    expect(await recordPayment(db, above, ctx)).toEqual({ ok: false, message: m.excedeSaldo('$1,400.00') });
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('the card never says "Al corriente" for a loan with arrears', () => {
  // A Monday town, week 23–29 Nov 2026; rows of 100 due every Monday from 26 Oct.
  const week = { start: '2026-11-23', end: '2026-11-29' };
  const today = '2026-11-24';
  const rowsWith = (received: number[]): Amortization[] =>
    Array.from({ length: 14 }, (_, i) => ({
      id: 100 + i + 1,
      loan_id: 1,
      numero_pago: i + 1,
      referencia: `R${i + 1}`,
      fecha_pago: addDays('2026-10-26', 7 * i),
      monto: 100,
      pagada: (received[i] ?? 0) >= 100,
      parcial: (received[i] ?? 0) >= 100 ? 0 : (received[i] ?? 0),
      fecha_pagada: (received[i] ?? 0) > 0 ? '2026-11-01' : null,
      renovo: false,
      version: 1,
    }));

  test('on any rows: arrears shown whenever a row due before the week still lacks money; Pagó offers what is due', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 100 }), { maxLength: 14 }), (received) => {
        const rows = rowsWith(received);
        const card = cardModel(
          {
            loanId: 1,
            reference: 'PR-000001',
            grupo: 1,
            clientName: 'Ana',
            telefono: null,
            loan: {
              monto_con_interes: 1400,
              fecha_inicio: '2026-10-19',
              fecha_fin: '2027-01-25',
              modalidad_pago: 'SEMANAL',
              total_pagos: 14,
            },
            rows,
            payments: [],
            sheet: null,
            visits: [],
            pendingSync: false,
          },
          week,
          today,
        );
        const late = rows.filter((r) => r.fecha_pago < week.start && !r.pagada);
        expect(card.atraso.semanas).toBe(late.length);
        expect(card.atraso.monto).toBe(late.reduce((s, r) => s + 100 - r.parcial, 0));
        const due = rows.filter((r) => r.fecha_pago <= week.end && !r.pagada);
        expect(card.abonoSemana).toBe(due.reduce((s, r) => s + 100 - r.parcial, 0));
      }),
    );
  });

  test('$246 on a loan that owes $492 for the week is partial, not "Pagado · Cubierto"', () => {
    const rows = rowsWith([100, 100, 100]).map((r) => ({ ...r, monto: 246 }));
    const payments = [
      { receiptId: 'x', loanId: 1, fecha: today, amount: cents(246_00), userId: 7, synced: false },
    ];
    const paidRows = rows.map((r) => (r.numero_pago === 4 ? { ...r, pagada: true, fecha_pagada: today } : r));
    const input = {
      loanId: 1,
      reference: 'PR-000001',
      grupo: 1,
      clientName: 'Ana',
      telefono: null,
      loan: {
        monto_con_interes: 14 * 246,
        fecha_inicio: '2026-10-19',
        fecha_fin: '2027-01-25',
        modalidad_pago: 'SEMANAL' as const,
        total_pagos: 14,
      },
      payments: [],
      sheet: null,
      visits: [],
      pendingSync: false,
    };
    expect(cardModel({ ...input, rows }, week, today).abonoSemana).toBe(492);
    const after = cardModel({ ...input, rows: paidRows, payments }, week, today);
    expect(after).toMatchObject({ state: 'parcial', abonoSemana: 246, cobrado: 246 });
    expect(formatMoney(after.abonoSemana)).toBe('$246.00');
  });
});
