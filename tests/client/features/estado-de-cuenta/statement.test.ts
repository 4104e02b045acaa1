// 'Estado de cuenta' (docs/producto.md §2.23, decision 028) against the screens it must agree with: for the same
// loan on the phone, its figures are the Cobranza card's and the loan detail's to the centavo, whatever the ledger
// (random ledgers of synced events, with this phone's own payment on top); and what it lists and shares.
import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { afterEach, describe, expect, test } from 'vitest';
import { cardModel } from '../../../../client/features/cobranza/cobranza-model';
import { readCobranzaItems, readCobranzaRoute } from '../../../../client/features/cobranza/read-cobranza';
import { readStatementData } from '../../../../client/features/estado-de-cuenta/read-statement';
import { statementOf } from '../../../../client/features/estado-de-cuenta/statement-model';
import { statementText } from '../../../../client/features/estado-de-cuenta/statement-text';
import { loanFigures as detailFigures } from '../../../../client/features/loans/loan-figures';
import { recordPayment } from '../../../../client/mutators/record-payment';
import type { LocalDb } from '../../../../client/store/database';
import type { LocalPayment } from '../../../../client/store/local-types';
import { putPaymentEvents } from '../../../../client/store/payment-events';
import { putScheduleRows, scheduleOf } from '../../../../client/store/schedules';
import { addDays, formatDate } from '../../../../shared/dates';
import type { Amortization } from '../../../../shared/loans/types';
import { type Cents, cents, formatCents, toCents, toPesos } from '../../../../shared/money';
import { allocateLedger, rowColumns } from '../../../../shared/payments/ledger';
import type { LedgerEntry } from '../../../../shared/payments/types';
import { clientFixture, freshDb, loanFixture, municipalityFixture, TODAY } from '../../helpers/sync-fixtures';

const USER = 7;
const ctx = { userId: USER, today: TODAY, now: new Date('2026-11-20T18:00:00Z') };
const names = new Map([[USER, 'Cobrador Demo']]);

const open: LocalDb[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

interface Paid {
  amount: Cents;
  /** Days before TODAY. */
  daysAgo: number;
  userId: number | null;
}

/** The rows as the server's allocation leaves them after these payments (shared/payments/ledger). */
function rowsAfter(rows: readonly Amortization[], events: readonly LocalPayment[]): Amortization[] {
  const ledgerRows = rows.map((r) => ({ id: r.id, numero_pago: r.numero_pago, monto: toCents(r.monto)! }));
  const state = allocateLedger(
    ledgerRows,
    events.map((e) => ({
      receiptId: e.receipt_id,
      fecha: e.fecha,
      amount: toCents(e.amount)!,
      amortizationId: null,
    })),
  );
  return rows.map((r, i) => {
    const cols = rowColumns({ ...ledgerRows[i]!, renovo: r.renovo }, state.balances.get(r.id)!);
    return { ...r, pagada: cols.pagada, parcial: toPesos(cols.parcial), fecha_pagada: cols.fecha_pagada };
  });
}

/** Loan 1 of Atlixco (Mondays), its client, and the synced ledger `paid` with the rows it leaves. */
async function stocked(paid: readonly Paid[], renewedFrom: number | null = null) {
  const db = freshDb();
  open.push(db);
  // Rows fall due on Wednesdays (Oct 28, Nov 4, 11, 18, 25…) in a Monday town: the week (Nov 16–22) decides
  // which of them are late.
  const { loan, rows: fresh } = loanFixture(1, { fecha_inicio: addDays(TODAY, -30) });
  const rows = fresh.map((r) => ({ ...r, renovo: renewedFrom !== null && r.numero_pago >= renewedFrom }));
  const events: LocalPayment[] = paid.map((p, i) => ({
    id: i + 1,
    receipt_id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
    loan_id: 1,
    kind: 'pago',
    amount: toPesos(p.amount),
    fecha: addDays(TODAY, -p.daysAgo),
    amortization_id: null,
    corrects_id: null,
    user_id: p.userId,
    version: i + 1,
  }));
  await db.municipalities.put(municipalityFixture());
  await db.clients.put(clientFixture(1, { nombre: 'Ana López', telefono: '2441234567' }));
  await db.loans.put(loan);
  await putScheduleRows(db, rowsAfter(rows, events));
  await putPaymentEvents(db, events);
  return db;
}

/** The same loan as the card, the detail and the statement see it. */
async function threeViews(db: LocalDb) {
  const towns = await readCobranzaRoute(db, TODAY);
  const [item] = await readCobranzaItems(db, towns, null);
  const card = cardModel(item!.input, item!.week, TODAY);
  const town = await db.municipalities.get(1);
  const loan = (await db.loans.get(1))!;
  const rows = [...(await scheduleOf(db, 1))].sort((a, b) => a.numero_pago - b.numero_pago);
  const detail = detailFigures(loan, rows, TODAY, town!.collection_day);
  const data = await readStatementData(db, 1);
  const statement = statementOf({ ...data!, ledger: null, names }, TODAY);
  return { card, detail, statement };
}

const paymentArb = fc.record({
  amount: fc.integer({ min: 1, max: 250_00 }).map(cents),
  daysAgo: fc.integer({ min: 0, max: 30 }),
  userId: fc.constantFrom(USER, 9, null),
});

describe('Estado de cuenta: the same figures as the card and the detail', () => {
  test('any ledger, with this phone’s own payment on top: equal to the centavo', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(paymentArb, { maxLength: 8 }),
        fc.option(fc.integer({ min: 1, max: 300_00 }).map(cents), { nil: null }),
        fc.option(fc.integer({ min: 6, max: 14 }), { nil: null }),
        async (paid, onPhone, renewedFrom) => {
          // A ledger is accepted only while it fits what the loan owes (docs/reglas-del-negocio.md §4.5).
          const accepted: Paid[] = [];
          let room = 1400_00;
          for (const p of paid) {
            room -= p.amount;
            if (room >= 0) accepted.push(p);
          }
          const db = await stocked(accepted, renewedFrom);
          if (onPhone !== null) await recordPayment(db, { kind: 'pago', loanId: 1, amount: onPhone }, ctx);
          const { card, detail, statement: s } = await threeViews(db);
          const f = s.figures;
          expect(toPesos(f.outstanding)).toBe(card.saldo);
          expect(toPesos(f.dueThisWeek)).toBe(card.abonoSemana);
          expect({ semanas: f.arrears.rows, monto: toPesos(f.arrears.amount) }).toEqual(card.atraso);
          expect(f.daysLate).toBe(card.diasAtraso);
          expect(f.outstanding).toBe(detail.outstanding);
          expect(f.saldoALiquidar).toBe(detail.saldoALiquidar);
          expect(f.arrears.rows).toBe(detail.arrears);
          expect(f.numPago).toBe(detail.numPago);
          // Every peso the rows hold is listed, or summed as older than what the phone keeps.
          const listed = s.payments.reduce((sum, p) => sum + p.amount, 0);
          expect(listed + (s.earlier?.amount ?? 0)).toBe(f.received);
          // The schedule adds up to the same money, row by row.
          expect(s.rows.reduce((sum, r) => sum + r.pagado, 0)).toBe(f.received);
          expect(s.rows.reduce((sum, r) => sum + r.falta, 0)).toBe(f.outstanding);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('Estado de cuenta: what it lists', () => {
  test('late rows, who recorded each payment, this phone’s own, and the next row to fall due', async () => {
    // Rows 1 and 2 (due Oct 28 and Nov 4) paid; row 3 (Nov 11) is late, row 4 (Nov 18) is the week's.
    const db = await stocked([
      { amount: cents(100_00), daysAgo: 20, userId: USER },
      { amount: cents(100_00), daysAgo: 13, userId: 9 },
    ]);
    await recordPayment(db, { kind: 'pago', loanId: 1, amount: cents(30_00) }, ctx);
    const { statement: s } = await threeViews(db);
    expect(s.rows.slice(0, 5).map((r) => r.estado)).toEqual([
      'pagado',
      'pagado',
      'atrasado',
      'pendiente',
      'pendiente',
    ]);
    expect(s.rows[2]).toMatchObject({ pagado: cents(30_00), falta: cents(70_00) });
    expect(s.payments.map((p) => [p.fecha, toPesos(p.amount), p.who, p.pending])).toEqual([
      [addDays(TODAY, -20), 100, 'Cobrador Demo', false],
      [addDays(TODAY, -13), 100, 'Otro usuario', false],
      [TODAY, 30, 'Cobrador Demo', true],
    ]);
    expect(s.earlier).toBeNull();
    expect(s.figures.arrears).toEqual({ rows: 1, amount: cents(70_00) });
    expect(s.figures.dueThisWeek).toBe(cents(170_00));
    // The week's row lacks money: it is the next one (row 3 is the arrears).
    expect(s.nextDue).toEqual({ numero_pago: 4, fecha_pago: addDays(TODAY, -2), amount: cents(100_00) });
  });

  test('payments older than the phone keeps are one line that closes the sum', async () => {
    const db = await stocked([]);
    // The server's rows say 3 rows were paid; their events left the phone's window of days.
    const rows = (await scheduleOf(db, 1)).map((r) =>
      r.numero_pago <= 3 ? { ...r, pagada: true, fecha_pagada: r.fecha_pago } : r,
    );
    await putScheduleRows(db, rows);
    await putPaymentEvents(db, [
      {
        id: 50,
        receipt_id: '00000000-0000-4000-8000-000000000050',
        loan_id: 1,
        kind: 'pago',
        amount: 40,
        fecha: addDays(TODAY, -2),
        amortization_id: null,
        corrects_id: null,
        user_id: USER,
        version: 50,
      },
    ]);
    const { statement: s } = await threeViews(db);
    expect(s.earlier).toEqual({ before: addDays(TODAY, -2), amount: cents(260_00) });
    expect(statementText(s, 'Préstamos La Esperanza')).toContain(
      `Pagos anteriores al ${formatDate(addDays(TODAY, -2))}: $260.00`,
    );
  });

  test('online, the server’s ledger: corrections stand, a reversed payment is gone, origins are named', async () => {
    const db = await stocked([{ amount: cents(100_00), daysAgo: 13, userId: USER }]);
    const entry = (e: Partial<LedgerEntry> & Pick<LedgerEntry, 'id' | 'kind' | 'amount' | 'fecha'>) =>
      ({
        receipt_id: `00000000-0000-4000-8000-${String(e.id).padStart(12, '0')}`,
        receipt_number: `R-${e.id}`,
        amortization_id: null,
        corrects_id: null,
        reason: null,
        user: { id: USER, name: 'Cobrador Demo' },
        client_id: null,
        mutation_id: null,
        client_time: null,
        server_time: '2026-11-01T12:00:00Z',
        origen: 'telefono',
        vigente: null,
        filas: [],
        ...e,
      }) as LedgerEntry;
    const ledger = [
      entry({
        id: 1,
        kind: 'pago',
        amount: 100,
        fecha: addDays(TODAY, -21),
        user: null,
        origen: 'importacion',
      }),
      entry({ id: 2, kind: 'pago', amount: 100, fecha: addDays(TODAY, -14), filas: [] }),
      entry({ id: 3, kind: 'correccion', amount: 60, fecha: addDays(TODAY, -13), corrects_id: 2 }),
      entry({ id: 4, kind: 'pago', amount: 50, fecha: addDays(TODAY, -7), user: { id: 3, name: 'Oficina' } }),
      entry({ id: 5, kind: 'correccion', amount: 0, fecha: addDays(TODAY, -7), corrects_id: 4 }),
    ];
    const data = await readStatementData(db, 1);
    const s = statementOf({ ...data!, ledger, names }, TODAY);
    expect(s.source).toBe('servidor');
    expect(s.payments.map((p) => [p.fecha, toPesos(p.amount), p.who])).toEqual([
      [addDays(TODAY, -21), 100, 'Importado'],
      [addDays(TODAY, -13), 60, 'Cobrador Demo'],
    ]);
    expect(s.earlier).toBeNull();
  });

  test('the shared text carries the figures the screen shows', async () => {
    const db = await stocked([{ amount: cents(100_00), daysAgo: 20, userId: USER }]);
    const { card, statement: s } = await threeViews(db);
    const text = statementText(s, 'Préstamos La Esperanza');
    expect(text.split('\n').slice(0, 2)).toEqual([
      'Préstamos La Esperanza · Estado de cuenta',
      'Cliente: Ana López (PR-000001)',
    ]);
    expect(text).toContain(`Saldo pendiente: ${formatCents(toCents(card.saldo)!)}`);
    expect(text).toContain(`A cobrar esta semana: ${formatCents(toCents(card.abonoSemana)!)}`);
    expect(text).toContain(`Atraso: 2 pagos · $200.00 (${card.diasAtraso} días)`);
    expect(text).toContain(`${formatDate(addDays(TODAY, -20))} · $100.00 · Cobrador Demo`);
    expect(text).toContain(`3 · ${formatDate(addDays(TODAY, -9))} · $100.00 · Atrasado`);
  });
});
