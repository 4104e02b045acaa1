// Every view of the same money agrees with the ledger (decision 021), to the centavo. Random ledgers — loans of
// every modality in two towns, payments full, partial and of several weeks at once recorded on three phones (two
// of one collector) while offline and synced in any order, the office's row edits and corrections, a renewal —
// then, for the business week: the phone's cards and receipts, the sheet (its screen's figures and its file's
// cells), its processing, the corte per collector and day, the financial summary by week and by town, the
// income statement's collections, the portfolio and the dashboard, each against sums over the ledger's events.
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import XLSX from 'sheetjs-style';
import { afterAll, describe, expect, it } from 'vitest';
import { cardModel } from '../../../client/features/cobranza/cobranza-model';
import { readCobranzaItems, readCobranzaRoute } from '../../../client/features/cobranza/read-cobranza';
import { receiptText } from '../../../client/features/cobranza/receipt-text';
import { recordCashCount, recordedOnPhone } from '../../../client/mutators/record-cash-count';
import { recordPayment } from '../../../client/mutators/record-payment';
import { LocalDb } from '../../../client/store/database';
import { type SyncTransport, syncOnce } from '../../../client/sync/run';
import type { CashCountsResponse } from '../../../shared/cash-counts/types';
import type { DashboardResume } from '../../../shared/dashboard/types';
import { addDays, type IsoDate } from '../../../shared/dates';
import { figuresRowOf, isActiveState, loanFigures } from '../../../shared/loans/figures';
import type { ModalidadPago } from '../../../shared/loans/terms';
import type { Loan } from '../../../shared/loans/types';
import { type Cents, cents, formatMoney, toCents, toPesos } from '../../../shared/money';
import type { CollectionDay } from '../../../shared/municipalities/schemas';
import { type EffectivePayment, effectivePayments } from '../../../shared/payments/ledger';
import type {
  FinancialSummaryResponse,
  IncomeStatementResponse,
  MunicipalitySummaryResponse,
  PortfolioReport,
} from '../../../shared/reports/types';
import { collectionWeekOf, mondayOf } from '../../../shared/sheets/coverage-week';
import type { GenerateSheetResponse, ProcessSheetResponse, SheetLoan } from '../../../shared/sheets/types';
import { send } from '../helpers/catalog';
import { createClient, createLoan, createMunicipality, createPaymentMethod } from '../helpers/loan-factory';
import { connectTestSql, createTenant, loginToken, testApp } from '../helpers/test-db';
import { TODAY } from '../sync/helpers';

const sql = connectTestSql();
const app = testApp(sql);
const devices: LocalDb[] = [];
afterAll(() => {
  for (const db of devices) db.close();
});

const c = (text: string | number) => toCents(text)!;
const TERMS: Record<ModalidadPago, number> = { SEMANAL: 14, DIARIO: 30, QUINCENAL: 8, MENSUAL: 6 };
const TOWNS: CollectionDay[] = ['LUNES', 'MIERCOLES'];

const json = async <T>(token: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
  const res = await send(app, method, `/api/${path}`, token, body);
  const answer = (await res.json()) as T;
  expect([200, 201], `${method} ${path}: ${JSON.stringify(answer)}`).toContain(res.status);
  return answer;
};

/** A loan to make: its modality and town, how many days ago it started, its amount. */
const loanSpec = fc.record({
  modalidad: fc.constantFrom<ModalidadPago>('SEMANAL', 'SEMANAL', 'DIARIO', 'QUINCENAL', 'MENSUAL'),
  town: fc.integer({ min: 0, max: 1 }),
  startedDaysAgo: fc.integer({ min: 3, max: 60 }),
  monto: fc.integer({ min: 10, max: 60 }).map((x) => x * 100),
});

/** What happens: phone payments (of the week's due, a part of it, or several weeks), office edits, a correction. */
const actionSpec = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('phone' as const),
      phone: fc.integer({ min: 0, max: 2 }),
      loan: fc.nat(),
      share: fc.constantFrom(1, 1, 0.5, 2, 0.3),
      daysAgo: fc.integer({ min: 0, max: 10 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('office' as const),
      loan: fc.nat(),
      parcial: fc.integer({ min: 1, max: 900 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('correct' as const),
      pick: fc.nat(),
      share: fc.constantFrom(0, 0.5),
    }),
  },
);

interface World {
  office: { token: string; accountId: number; userId: number };
  collectors: { userId: number; token: string }[];
  towns: number[];
  loans: { id: number; town: number; clientId: number }[];
  phones: { db: LocalDb; userId: number; network: SyncTransport }[];
  officePhone: { db: LocalDb; network: SyncTransport };
}

function networkOf(token: string): SyncTransport {
  return {
    push: async (body) => (await send(app, 'POST', '/api/sync/push', token, body)).json(),
    pull: async (body) => (await send(app, 'POST', '/api/sync/pull', token, body)).json(),
  };
}

interface LoanSpec {
  modalidad: ModalidadPago;
  town: number;
  startedDaysAgo: number;
  monto: number;
}

async function makeWorld(specs: readonly LoanSpec[]): Promise<World> {
  const t = await createTenant(sql);
  await sql`insert into loan_params (account_id, comision_abonos_pct, comision_creditos_pct)
    values (${t.accountId}, 5, 2)`;
  const officeToken = await loginToken(app, t);
  const towns = [];
  for (const day of TOWNS) towns.push(await createMunicipality(sql, t.accountId, { collectionDay: day }));
  const collectors = [];
  for (let i = 0; i < 2; i++) {
    const email = `cobrador-${randomUUID().slice(0, 8)}@prueba.mx`;
    const [user] = await sql<
      { id: number }[]
    >`insert into users (account_id, role_id, name, email, password_hash)
      select ${t.accountId}, role_id, ${`Cobrador ${i + 1}`}, ${email}, password_hash from users where id = ${t.userId}
      returning id`;
    collectors.push({ userId: user!.id, token: await loginToken(app, { email, password: t.password }) });
  }
  const office = { token: officeToken, accountId: t.accountId, userId: t.userId };
  const loans = await buildLoans({ ...office, towns }, specs);
  const phone = (userId: number, token: string) => {
    const db = new LocalDb(`vista-${randomUUID()}`);
    devices.push(db);
    return { db, userId, network: networkOf(token) };
  };
  // Collector 1 has two phones; collector 2 one.
  const phones = [
    phone(collectors[0]!.userId, collectors[0]!.token),
    phone(collectors[0]!.userId, collectors[0]!.token),
    phone(collectors[1]!.userId, collectors[1]!.token),
  ];
  const officePhone = phone(t.userId, officeToken);
  return { office, collectors, towns, loans, phones, officePhone };
}

async function buildLoans(t: { accountId: number; towns: number[] }, specs: readonly LoanSpec[]) {
  const loans = [];
  for (const spec of specs) {
    const total = TERMS[spec.modalidad];
    const method = await createPaymentMethod(sql, t.accountId, {
      modalidad: spec.modalidad,
      terms: {
        interes: 20,
        total_pagos: total,
        interes_coordinadora: 20,
        total_pagos_coordinadora: total,
        interes_empleado: 20,
        total_pagos_empleado: total,
      },
    });
    const clientId = await createClient(sql, t.accountId, t.towns[spec.town]!);
    const loan = await createLoan(sql, {
      accountId: t.accountId,
      clientId,
      municipalityId: t.towns[spec.town]!,
      paymentMethod: method,
      montoCredito: spec.monto,
      fechaInicio: addDays(TODAY, -spec.startedDaysAgo),
    });
    loans.push({ id: loan.id, town: spec.town, clientId });
  }
  return loans;
}

/** The ledger as it stands: every payment after its corrections, with its loan, collector and town. */
async function ledgerOf(accountId: number) {
  const rows = await sql<
    {
      id: number;
      receipt_id: string;
      loan_id: number;
      kind: 'pago' | 'correccion';
      amount: string;
      fecha: string;
      amortization_id: number | null;
      corrects_id: number | null;
      user_id: number | null;
      municipality_id: number;
      interes: string;
    }[]
  >`select p.id, p.receipt_id, p.loan_id, p.kind, p.amount::text as amount, p.fecha::text as fecha,
      p.amortization_id, p.corrects_id, p.user_id, l.municipality_id, l.interes::text as interes
    from payments p join loans l on l.id = p.loan_id where p.account_id = ${accountId} order by p.id`;
  const byId = new Map(rows.map((r) => [r.id, r]));
  const standing = effectivePayments(
    rows.map((r) => ({
      id: r.id,
      receiptId: r.receipt_id,
      kind: r.kind,
      amount: c(r.amount),
      fecha: r.fecha,
      amortizationId: r.amortization_id,
      correctsId: r.corrects_id,
    })),
  );
  return standing.map((p: EffectivePayment) => {
    const row = byId.get(p.event.id)!;
    return {
      ...p,
      loanId: row.loan_id,
      userId: row.user_id,
      town: row.municipality_id,
      interes: Number(row.interes),
    };
  });
}
type Ledger = Awaited<ReturnType<typeof ledgerOf>>;
const sum = (ledger: Ledger, keep: (p: Ledger[number]) => boolean): Cents =>
  cents(ledger.filter(keep).reduce((s, p) => s + p.amount, 0));

/** Each loan's figures from the server's rows, today, in its town's week. */
async function serverFigures(token: string, loanIds: number[]) {
  const figures = new Map<number, ReturnType<typeof loanFigures>>();
  for (const id of loanIds) {
    const loan = (await json<{ data: Loan }>(token, 'GET', `loans/${id}`)).data;
    const week = collectionWeekOf(loan.collection_day, TODAY);
    figures.set(
      id,
      loanFigures(
        { ...loan, monto_con_interes: c(loan.monto_con_interes) },
        loan.amortizacion.map(figuresRowOf),
        TODAY,
        { start: week.coverageWeek, end: week.coverageWeekEnd },
      ),
    );
  }
  return figures;
}

describe('every view of the money agrees with the ledger, to the centavo', () => {
  it('random ledgers on phones and in the office, a business week', { timeout: 240_000 }, async () => {
    // What the runs exercised, so a generator that stopped making some case is noticed.
    const seen = {
      payments: 0,
      corrections: 0,
      renewals: 0,
      cards: 0,
      sheetLoans: 0,
      cortes: 0,
      phoneCortes: 0,
    };
    await fc.assert(
      fc.asyncProperty(
        fc.array(loanSpec, { minLength: 3, maxLength: 6 }),
        fc.array(actionSpec, { minLength: 4, maxLength: 14 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 5 }),
        async (specs, actions, renew, rotation) => {
          const w = await makeWorld(specs);
          const { office } = w;
          // Every phone and the office's device download the books; the week's sheets are generated.
          for (const p of [...w.phones, w.officePhone])
            await syncOnce(p.db, p.network, { today: () => TODAY });
          const sheets = [];
          for (const town of w.towns)
            sheets.push(
              (
                await json<GenerateSheetResponse>(office.token, 'POST', 'hoja-de-cobro', {
                  municipalityId: town,
                })
              ).data,
            );

          // The phones go offline and record; the office edits and corrects online.
          const recorded: { phone: number; loanId: number; fecha: IsoDate; amount: Cents }[] = [];
          for (const a of actions) {
            if (a.kind === 'phone') {
              const phone = w.phones[a.phone]!;
              const loan = w.loans[a.loan % w.loans.length]!;
              const day = addDays(TODAY, -a.daysAgo);
              const towns = (await readCobranzaRoute(phone.db, day)).filter((t) => t.entries.length > 0);
              const items = await readCobranzaItems(phone.db, towns, new Set([loan.id]));
              const item = items[0];
              if (!item) continue;
              const card = cardModel(item.input, item.week, day);
              const amount = cents(
                Math.max(1_00, Math.round(c(card.abonoSemana || card.saldo / 4) * a.share)),
              );
              const done = await recordPayment(
                phone.db,
                { kind: 'pago', loanId: loan.id, amount },
                { userId: phone.userId, today: day, now: new Date(`${day}T18:00:00Z`) },
              );
              if (done.ok) {
                recorded.push({ phone: a.phone, loanId: loan.id, fecha: day, amount });
                seen.payments++;
              }
            } else if (a.kind === 'office') {
              const loan = w.loans[a.loan % w.loans.length]!;
              const server = (await json<{ data: Loan }>(office.token, 'GET', `loans/${loan.id}`)).data;
              const row = server.amortizacion.find((r) => !r.pagada && !r.renovo);
              if (!row) continue;
              await send(app, 'PUT', `/api/loans/${loan.id}/amortizations/${row.id}`, office.token, {
                parcial: Math.min(row.monto, row.parcial + a.parcial / 100),
                fecha_pagada: TODAY,
              });
            }
          }
          // Back in signal, in any order: each phone syncs (rotated).
          const order = w.phones.map((_, i) => w.phones[(i + rotation) % w.phones.length]!);
          for (const p of order) await syncOnce(p.db, p.network, { today: () => TODAY });
          // The office reviews the day's money and corrects some payments (a typo, a reversal).
          for (const a of actions) {
            if (a.kind !== 'correct') continue;
            const payments = await sql<{ receipt_id: string; amount: string }[]>`select receipt_id,
                amount::text as amount
              from payments where account_id = ${office.accountId} and kind = 'pago' order by id`;
            const payment = payments[a.pick % Math.max(1, payments.length)];
            if (!payment) continue;
            seen.corrections++;
            await json(office.token, 'POST', 'sync/push', {
              clientId: randomUUID(),
              mutations: [
                {
                  id: 1,
                  name: 'payment.correct',
                  args: {
                    receiptId: randomUUID(),
                    paymentReceiptId: payment.receipt_id,
                    amount: toPesos(cents(Math.round(c(payment.amount) * a.share))),
                    reason: 'Revisión de caja',
                  },
                },
              ],
            });
          }
          if (renew) {
            // The office renews the first loan still open (its outstanding balance is deducted).
            const open = (
              await sql<{ id: number; client_id: number; payment_method_id: number }[]>`
              select id, client_id, payment_method_id from loans
              where account_id = ${office.accountId} and not pagada order by id limit 1`
            )[0];
            if (open) seen.renewals++;
            if (open)
              await json(office.token, 'POST', 'save-loan', {
                client_id: open.client_id,
                payment_method_id: open.payment_method_id,
                monto_credito: 5000,
                fecha_inicio: TODAY,
                garantias: ['Televisión', 'Refrigerador'],
                previous_loan_id: open.id,
              });
          }
          for (const p of [...order, w.officePhone]) await syncOnce(p.db, p.network, { today: () => TODAY });

          const ledger = await ledgerOf(office.accountId);
          const loanIds = (
            await sql<{ id: number }[]>`select id from loans where account_id = ${office.accountId}
            order by id`
          ).map((r) => r.id);
          const figures = await serverFigures(office.token, loanIds);

          // 1. Cards on the office's device (every town): the week's collected, what 'Pagó' offers, the balance,
          // and the receipt's 'Saldo restante'.
          for (const town of await readCobranzaRoute(w.officePhone.db, TODAY))
            for (const item of await readCobranzaItems(w.officePhone.db, [town], null)) {
              const card = cardModel(item.input, item.week, TODAY);
              seen.cards++;
              const id = item.input.loanId;
              const label = `tarjeta del préstamo ${id}`;
              expect(c(card.cobrado), label).toBe(
                sum(ledger, (p) => p.loanId === id && p.fecha >= item.week.start && p.fecha <= item.week.end),
              );
              expect(card.cobradoSincronizado, label).toBe(card.cobrado);
              expect(c(card.abonoSemana), label).toBe(figures.get(id)!.dueThisWeek);
              expect(c(card.saldo), label).toBe(figures.get(id)!.outstanding);
              const text = receiptText({
                negocio: 'Préstamos',
                cliente: card.clientName,
                referencia: card.reference,
                monto: 100,
                fecha: TODAY,
                saldo: card.saldo,
                cobrador: 'Cobrador',
                receiptId: randomUUID(),
              });
              expect(text, label).toContain(
                `Saldo restante: ${formatMoney(toPesos(figures.get(id)!.outstanding))}`,
              );
            }

          // 2. The sheets: the screen's figures, the file's cells, the processing.
          for (const sheet of sheets) {
            const inWeek = (loanId: number) =>
              sum(
                ledger,
                (p) =>
                  p.loanId === loanId && p.fecha >= sheet.coverage_week && p.fecha <= sheet.coverage_week_end,
              );
            const loansOf = (
              await json<{ data: SheetLoan[] }>(
                office.token,
                'GET',
                `loans-weekly-sheets?weeklySheetId=${sheet.id}`,
              )
            ).data;
            for (const l of loansOf) {
              seen.sheetLoans++;
              expect(c(l.cobrado), `hoja ${sheet.id}, préstamo ${l.loan_id}`).toBe(inWeek(l.loan_id));
            }
            const total = cents(loansOf.reduce((s, l) => s + inWeek(l.loan_id), 0));
            const listed = (
              await json<{ data: { monto_cobrado: number; monto_esperado: number } }>(
                office.token,
                'GET',
                `weekly-sheets/${sheet.id}`,
              )
            ).data;
            expect(c(listed.monto_cobrado), `hoja ${sheet.id}`).toBe(total);
            const file = await send(app, 'GET', `/api/weekly-sheets/${sheet.id}/file`, office.token);
            const book = XLSX.read(Buffer.from(await file.arrayBuffer()), { type: 'buffer' });
            const ws = book.Sheets[book.SheetNames[0]!]!;
            const cells = XLSX.utils.sheet_to_json<unknown[]>(ws, { header: 1 }) as unknown[][];
            const totalRow = cells.find((r) => r[1] === 'TOTAL')!;
            // A COBRAR adds up to 'Total esperado'; ADEUDO to the sheet loans' own.
            expect(c(Number(totalRow[4])), `A COBRAR de la hoja ${sheet.id}`).toBe(c(listed.monto_esperado));
            expect(c(Number(totalRow[3])), `ADEUDO de la hoja ${sheet.id}`).toBe(
              cents(loansOf.reduce((s, l) => s + c(l.adeudo), 0)),
            );
            const processed = await json<ProcessSheetResponse>(
              office.token,
              'POST',
              `process-weekly-sheet/${sheet.id}`,
            );
            expect(c(processed.data.monto_cobrado), `procesada ${sheet.id}`).toBe(total);
            for (const l of loansOf) {
              const line = processed.warnings.find((x) => x.loan_id === l.loan_id)?.message ?? '';
              const got = inWeek(l.loan_id);
              if (got === 0 && !/renov/.test(line) && line) expect(line).toMatch(/^Sin pago registrado/);
              if (got > 0 && got < c(l.monto_esperado) && line)
                expect(line).toContain(`Pago parcial: ${formatMoney(toPesos(got))}`);
            }
          }

          // 3. The corte of each collector for each day they collected: what the ledger holds for them that day,
          // and — with a single phone that day — what that phone said.
          for (const [i, phone] of w.phones.entries()) {
            const days = [...new Set(recorded.filter((r) => r.phone === i).map((r) => r.fecha))];
            for (const day of days) {
              const shown = recordedOnPhone(await phone.db.outbox.toArray(), phone.userId, day);
              await recordCashCount(
                phone.db,
                { contado: String(toPesos(shown.cobrado)) },
                {
                  userId: phone.userId,
                  today: day,
                  now: new Date(`${day}T23:00:00Z`),
                },
              );
              await syncOnce(phone.db, phone.network, { today: () => TODAY });
              const cortes = (
                await json<CashCountsResponse>(
                  office.token,
                  'GET',
                  `cortes?fechaInicio=${day}&fechaFin=${day}&user_id=${phone.userId}`,
                )
              ).data.cortes;
              const registrado = sum(ledger, (p) => p.userId === phone.userId && p.fecha === day);
              seen.cortes += cortes.length;
              for (const corte of cortes)
                expect(c(corte.registrado), `corte de ${phone.userId} el ${day}`).toBe(registrado);
              const otherPhone = w.phones.some(
                (q, j) =>
                  j !== i &&
                  q.userId === phone.userId &&
                  recorded.some((r) => r.phone === j && r.fecha === day),
              );
              const corrected = ledger.some(
                (p) => p.userId === phone.userId && p.fecha === day && p.correction,
              );
              if (!otherPhone && !corrected) seen.phoneCortes++;
              if (!otherPhone && !corrected)
                expect(shown.cobrado, `teléfono ${i} el ${day}`).toBe(registrado);
            }
          }

          // 4. Reports over the last two weeks: by week and by town, the income, the portfolio, the dashboard.
          const from = addDays(mondayOf(TODAY), -14);
          const range = `fechaInicio=${from}&fechaFin=${TODAY}`;
          const summary = await json<FinancialSummaryResponse>(
            office.token,
            'GET',
            `resumen_creditos_cobros?${range}`,
          );
          for (const week of summary.data)
            expect(c(week.monto_cobrado), `semana ${week.semana}`).toBe(
              sum(ledger, (p) => p.fecha >= week.desde && p.fecha <= week.hasta),
            );
          expect(c(summary.totals.totalAbonosCobrados)).toBe(
            sum(ledger, (p) => p.fecha >= from && p.fecha <= TODAY),
          );
          const byTown = await json<MunicipalitySummaryResponse>(
            office.token,
            'GET',
            `resumen_creditos_cobros_municipio?fecha=${TODAY}`,
          );
          for (const row of byTown.data)
            expect(c(row.monto_cobrado), `municipio ${row.municipio}`).toBe(
              sum(
                ledger,
                (p) =>
                  p.town === row.municipality_id &&
                  p.fecha >= byTown.fechaInicio &&
                  p.fecha <= byTown.fechaFin,
              ),
            );
          const income = (
            await json<IncomeStatementResponse>(office.token, 'GET', `estado-resultados?${range}`)
          ).data;
          expect(c(income.monto_cobrado)).toBe(sum(ledger, (p) => p.fecha >= from && p.fecha <= TODAY));
          // The interest share, exactly (every loan here is at 20 %: a sixth of what came in), rounded once.
          const inRange = sum(ledger, (p) => p.fecha >= from && p.fecha <= TODAY);
          expect(ledger.every((p) => p.interes === 20)).toBe(true);
          expect(c(income.ingresos)).toBe(cents(Number((2n * BigInt(inRange) + 6n) / 12n)));
          const portfolio = await json<PortfolioReport>(office.token, 'GET', `reporte-cartera?${range}`);
          const owed = cents([...figures.values()].reduce((s, f) => s + f.outstanding, 0));
          expect(c(portfolio.saldoCartera)).toBe(owed);
          const active = [...figures.values()].filter((f) => isActiveState(f.state));
          expect(portfolio.prestamosActivos).toBe(active.length);
          expect(c(portfolio.saldoActivos)).toBe(cents(active.reduce((s, f) => s + f.outstanding, 0)));
          for (const week of portfolio.porSemana)
            expect(c(week.cobrado), `cartera, semana ${week.key}`).toBe(
              sum(ledger, (p) => p.fecha >= week.key && p.fecha <= addDays(week.key, 6) && p.fecha >= from),
            );
          for (const row of portfolio.porCobrador)
            expect(c(row.cobrado), `cobrador ${row.key}`).toBe(
              sum(
                ledger,
                (p) => String(p.userId ?? 'sin-usuario') === row.key && p.fecha >= from && p.fecha <= TODAY,
              ),
            );
          const dashboard = await json<DashboardResume>(office.token, 'GET', 'dashboard-resume');
          expect(dashboard.activeLoans).toBe(active.length);
          expect(c(dashboard.amountWaitToPay)).toBe(owed);
        },
      ),
      { numRuns: 10, endOnFailure: true },
    );
    for (const [what, n] of Object.entries(seen)) expect(n, what).toBeGreaterThan(0);
  });
});
