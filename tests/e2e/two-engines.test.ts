// Issue 30 item 6 (decision 026): the collector's path on Chromium and on Firefox ESR, the same three steps on
// each: sign in, the loans list at 1280 px with both row buttons in view, and a payment recorded with no
// connection that reaches the server exactly once when the connection is back. The town and its loans are
// this file's own, with a long word in the town's and the clients' names (it pushed the row buttons off).
import { beforeAll, describe, expect, test } from 'vitest';
import type { Loan, LoanListResponse } from '../../shared/loans/types';
import type { LedgerEntry } from '../../shared/payments/types';
import {
  type Engine,
  type EnginePage,
  FIREFOX_PATH,
  firefoxAvailable,
  launchChromium,
  launchFirefox,
} from './helpers/engines';
import { call, seedWeeklyTown } from './helpers/route';

const firefoxMissing = !firefoxAvailable();
if (firefoxMissing && !process.env.CI) {
  const line = '!'.repeat(78);
  console.warn(`\n${line}\n!! MITAD FIREFOX OMITIDA (tests/e2e/two-engines.test.ts): no hay Firefox ESR en`);
  console.warn(`!!   ${FIREFOX_PATH} (apt-get install -y firefox-esr, o defina FIREFOX_PATH).`);
  console.warn(`!! En CI (CI=true) es obligatoria; .ci/run instala firefox-esr.\n${line}\n`);
}

const INDICATOR = '[data-testid="sync-indicator"]';

let admin = '';
let townId = 0;
/** The loan each engine pays: its own, so neither finds its row paid by the other. */
const loans: Record<string, Loan> = {};

beforeAll(async () => {
  const town = await seedWeeklyTown('Parangaricutirimícuaro', 2);
  admin = town.admin;
  townId = town.townId;
  const list = await call<LoanListResponse>(admin, 'GET', `list-loans?municipalityId=${townId}&limit=10`);
  const byClient = (k: number) => list.body.data.find((l) => l.client_nombre === `${town.tag} Cliente ${k}`)!;
  loans.Chromium = byClient(1);
  loans['Firefox ESR'] = byClient(2);
});

const serverLoan = async (loanId: number) =>
  (await call<{ data: Loan }>(admin, 'GET', `loans/${loanId}`)).body.data;
const serverRow = async (loanId: number, numero: number) =>
  (await serverLoan(loanId)).amortizacion.find((r) => r.numero_pago === numero)!;

/** Each button of the client's row: whether both its ends can be seen and hit (not cut off by the table's box). */
const rowButtons = (page: EnginePage, client: string) =>
  page.evaluate((name) => {
    const row = [...document.querySelectorAll('[data-testid="data-row"]')].find((r) =>
      r.textContent?.includes(name),
    );
    if (!row) return null;
    row.firstElementChild?.scrollIntoView({ block: 'center', inline: 'nearest' });
    return [...row.querySelectorAll('button')].map((button) => {
      const r = button.getBoundingClientRect();
      const y = r.top + r.height / 2;
      const hits = (x: number) => document.elementFromPoint(x, y)?.closest('button') === button;
      return { text: button.textContent, visible: hits(r.left + 2) && hits(r.right - 2) };
    });
  }, client);

async function collectorPath(engine: Engine) {
  const loan = loans[engine.name]!;
  // Read now: a retry finds the row an earlier try paid, and pays the next one.
  const first = (await serverLoan(loan.id)).amortizacion
    .filter((r) => !r.pagada && !r.renovo && r.parcial === 0)
    .sort((a, b) => a.numero_pago - b.numero_pago)[0]!;
  const page = await engine.newPage(1280, 800);

  // 1. Sign in: the collector lands on Cobranza, with the device synced.
  await page.goto('/login');
  await page.fill('Correo electrónico', 'cobrador@demo.mx');
  await page.fill('Contraseña', 'demo1234');
  await page.click('Iniciar Sesión');
  await page.waitForPath('/cobranza');
  await page.evaluate(async () => void (await navigator.serviceWorker.ready), null);
  await page.waitFor(`${INDICATOR}[data-state="synced"]`, 30_000);

  // 2. The loans list at 1280 px: 'Registrar abono' and 'Detalles' of the long-named client, whole in view.
  await page.goto(`/loans?municipalityId=${townId}`);
  await page.waitFor('[data-testid="data-row"]');
  expect(await rowButtons(page, loan.client_nombre)).toEqual([
    { text: 'Registrar abono', visible: true },
    { text: 'Detalles', visible: true },
  ]);

  // 3. No connection: the app from the service worker, the loan from IndexedDB; the payment waits on the phone.
  await page.setOffline(true);
  await page.reload();
  await page.goto(`/loans?loan=${loan.id}`);
  const row = `[data-testid="payment-row"][data-numero="${first.numero_pago}"]`;
  await page.click(`Editar pago ${first.numero_pago}`, row);
  await page.clickText('Pagado', row);
  await page.click('Guardar', row);
  await page.waitFor(`${row} [data-testid="row-pending-sync"]`);
  await page.waitFor(`${INDICATOR}[data-state="offline"][data-pending="1"]`);
  expect(await serverRow(loan.id, first.numero_pago)).toMatchObject({ pagada: false });

  // The connection back: the engine sends it by itself (Firefox sends no `online` event to a page loaded
  // offline: the engine's look at navigator.onLine every 2 s finds it).
  await page.setOffline(false);
  await page.waitFor(`${INDICATOR}[data-state="synced"][data-pending="0"]`, 30_000);
  expect(await serverRow(loan.id, first.numero_pago)).toMatchObject({ pagada: true, parcial: 0 });
  const history = await call<{ data: LedgerEntry[] }>(
    admin,
    'GET',
    `loans/${loan.id}/amortizations/${first.id}/history`,
  );
  expect(history.body.data.filter((h) => h.origen === 'telefono')).toEqual([
    expect.objectContaining({ kind: 'pago', user: expect.objectContaining({ name: 'Cobrador Demo' }) }),
  ]);
}

async function onEngine(launch: () => Promise<Engine>) {
  const engine = await launch();
  try {
    await collectorPath(engine);
  } finally {
    await engine.close();
  }
}

describe('dos motores: entrar, la lista de préstamos y un pago sin conexión', () => {
  test('Chromium', () => onEngine(launchChromium));

  test.skipIf(firefoxMissing && !process.env.CI)('Firefox ESR', async () => {
    if (firefoxMissing)
      throw new Error(`CI: no se encontró Firefox ESR en ${FIREFOX_PATH} (.ci/run lo instala)`);
    await onEngine(launchFirefox);
  });
});
