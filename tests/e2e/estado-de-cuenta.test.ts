// 'Estado de cuenta' and 'Recordatorios de mañana' (docs/producto.md §2.23 and §2.24, decision 028) as their users
// meet them: the collector, on a 360 px phone with no signal, opens a client's statement from the Cobranza card,
// shares it and reloads it; reminds tomorrow's clients by WhatsApp and finds the mark after a reload. The office,
// at 1280 px, opens the statement from the loan detail, with the same figures, and prints it.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { addDays, businessToday, weekdayIndex } from '../../shared/dates';
import { figuresLoanOf, figuresRowOf, loanFigures } from '../../shared/loans/figures';
import type { Loan } from '../../shared/loans/types';
import { formatCents } from '../../shared/money';
import { COLLECTION_DAYS } from '../../shared/municipalities/schemas';
import { collectionWeekOf } from '../../shared/sheets/coverage-week';
import { DEMO_COLLECTOR, fileBrowser, signIn, withPersistentContext } from './helpers/browser';
import { horizontalOverflow } from './helpers/catalog';
import { syncIndicator } from './helpers/loans';
import { call, seedWeeklyTown, tokenOf } from './helpers/route';

const browser = fileBrowser();

/** A payment of `amount` pesos recorded today by `email` from a phone of theirs, delivered to the server. */
async function paidBy(email: string, loanId: number, amount: number) {
  const pushed = await call<{ results: { status: string }[] }>(await tokenOf(email), 'POST', 'sync/push', {
    clientId: crypto.randomUUID(),
    mutations: [
      {
        id: 1,
        name: 'payment.record',
        args: { receiptId: crypto.randomUUID(), loanId, amount, fecha: businessToday() },
        clientTime: new Date().toISOString(),
      },
    ],
  });
  expect(pushed.body.results.map((r) => r.status)).toEqual(['applied']);
}

async function loansOf(admin: string, tag: string): Promise<Loan[]> {
  const list = await call<{ data: Loan[] }>(admin, 'GET', `list-loans?clientName=${encodeURIComponent(tag)}`);
  const full = await Promise.all(
    list.body.data.map((l) => call<{ data: Loan }>(admin, 'GET', `loans/${l.id}`)),
  );
  return full.map((r) => r.body.data).sort((a, b) => a.client_nombre.localeCompare(b.client_nombre));
}

async function shareStub(context: BrowserContext) {
  await context.addInitScript(() => {
    const shared: { title: string; text: string }[] = [];
    Object.assign(window, { __shared: shared });
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: async (data: { title: string; text: string }) => {
        shared.push(data);
      },
    });
  });
}

const sharedTexts = (page: Page) =>
  page.evaluate(() => (window as unknown as { __shared: { title: string; text: string }[] }).__shared);

/** The built files the service worker keeps once fetched (client/sw.ts). */
const keptAssets = (page: Page) =>
  page.evaluate(async () => {
    const cache = await caches.open('prestamos-assets');
    return (await cache.keys()).map((r) => r.url).join(' ');
  });

const figure = (page: Page, id: string) => page.getByTestId(id).textContent();

/** The next weekday a town can collect on, after today: tomorrow, or Monday from a Friday or a Saturday. */
function nextCollection(today: string) {
  let date = addDays(today, 1);
  while (weekdayIndex(date) > 4) date = addDays(date, 1);
  return { date, day: COLLECTION_DAYS[weekdayIndex(date)]! };
}

describe('Estado de cuenta y recordatorios en el teléfono', () => {
  test('a 360 px y sin señal: el estado de cuenta desde la tarjeta, compartido y recargado; los recordatorios de mañana con su marca tras recargar', async () => {
    const admin = await tokenOf('admin@demo.mx');
    const route = await seedWeeklyTown('Cuenta', 1);
    const [loan] = await loansOf(admin, route.tag);
    await paidBy('admin@demo.mx', loan!.id, 100);
    const today = businessToday();
    const next = nextCollection(today);
    const reminders = await seedWeeklyTown('Avisos', 2, next.day);
    const remindLoans = await loansOf(admin, reminders.tag);
    const week = collectionWeekOf(next.day, next.date);
    const expected = remindLoans.map((l) =>
      formatCents(
        loanFigures(figuresLoanOf(l), l.amortizacion.map(figuresRowOf), next.date, {
          start: week.coverageWeek,
          end: week.coverageWeekEnd,
        }).dueThisWeek,
      ),
    );

    await withPersistentContext(
      async (context) => {
        await shareStub(context);
        const page = context.pages()[0] ?? (await context.newPage());
        await signIn(page, DEMO_COLLECTOR);
        await syncIndicator(page).and(page.locator('[data-state="synced"]')).waitFor({ timeout: 60_000 });
        // Loaded again under the service worker: Cobranza fetches the two screens' code through it.
        await page.evaluate(async () => void (await navigator.serviceWorker.ready));
        await page.reload();
        await expect.poll(() => keptAssets(page), { timeout: 20_000 }).toContain('estado-de-cuenta-page-');
        await expect.poll(() => keptAssets(page), { timeout: 20_000 }).toContain('recordatorios-page-');

        const card = page.locator(`[data-testid="cobranza-card"][data-loan-id="${loan!.id}"]`);
        await page.getByLabel('Buscar cliente').fill(route.tag);
        // Once with signal: the server's ledger names who recorded each payment (the phone keeps the names).
        await card.getByRole('link', { name: `Estado de cuenta de ${loan!.client_nombre}` }).click();
        await page.getByTestId('statement-payment').getByText('Administrador Demo').waitFor();
        await page.getByRole('button', { name: 'Volver' }).click();
        await page.waitForURL('**/cobranza');

        await context.setOffline(true);
        await page.getByLabel('Buscar cliente').fill(route.tag);
        await card.getByRole('button', { name: 'Otro monto' }).click();
        const other = page.getByTestId('other-amount-dialog');
        await other.getByLabel('Monto recibido').fill('50');
        await other.getByRole('button', { name: 'Registrar pago' }).click();
        await expect.poll(() => card.getAttribute('data-pending-sync')).toBe('true');
        const abono = card
          .getByText('Abono de la semana', { exact: true })
          .locator('xpath=following-sibling::p[1]');
        const cardAbono = (await abono.textContent())!;
        await card.getByRole('link', { name: `Estado de cuenta de ${loan!.client_nombre}` }).click();
        await page.waitForURL(`**/loans/${loan!.id}/estado-de-cuenta`);

        // The card's figure, the phone's payments (the one not sent yet marked), and where the older ones went.
        await expect.poll(() => figure(page, 'statement-a-cobrar')).toBe(cardAbono);
        const payments = page.getByTestId('statement-payment');
        await expect.poll(() => payments.count()).toBe(2);
        const rows = await payments.evaluateAll((els) =>
          els.map((e) => [e.textContent ?? '', e.getAttribute('data-pending')]),
        );
        expect(rows.filter(([text]) => text!.includes('Administrador Demo'))).toEqual([
          [expect.stringContaining('$100.00'), 'false'],
        ]);
        expect(rows.filter(([text]) => text!.includes('Cobrador Demo (por sincronizar)'))).toEqual([
          [expect.stringContaining('$50.00'), 'true'],
        ]);
        await page.getByText('Sin conexión: el teléfono guarda el detalle', { exact: false }).waitFor();
        const saldo = (await figure(page, 'statement-saldo'))!;
        expect(await horizontalOverflow(page)).toBe(0);

        await page.getByRole('button', { name: 'Compartir' }).click();
        await expect.poll(async () => (await sharedTexts(page)).length).toBe(1);
        const [shared] = await sharedTexts(page);
        expect(shared!.title).toBe('Estado de cuenta');
        expect(shared!.text).toContain(`Cliente: ${loan!.client_nombre} (${loan!.loan_reference})`);
        expect(shared!.text).toContain(`Saldo pendiente: ${saldo}`);
        expect(shared!.text).toContain(`A cobrar esta semana: ${cardAbono}`);

        // Reloaded with no signal: the screen's code from the worker, the figures from the phone.
        await page.reload();
        await expect.poll(() => figure(page, 'statement-saldo')).toBe(saldo);
        expect(await figure(page, 'statement-a-cobrar')).toBe(cardAbono);

        // Tomorrow's reminders, still with no signal.
        await page.getByRole('button', { name: 'Volver' }).click();
        await page.waitForURL('**/cobranza');
        await page.getByTestId('reminders-button').click();
        await page.waitForURL('**/cobranza/recordatorios**');
        await page.getByLabel('Municipio').selectOption(String(reminders.townId));
        const lines = page.getByTestId('reminder');
        await expect.poll(() => lines.count()).toBe(2);
        const title = (await page.getByRole('heading', { level: 1 }).textContent())!;
        expect(title).toBe(next.date === addDays(today, 1) ? 'Recordatorios de mañana' : 'Recordatorios');
        expect(
          await page.getByTestId('reminder-amount').evaluateAll((els) => els.map((e) => e.textContent)),
        ).toEqual(expected);
        const first = lines.first();
        const whatsapp = (await first.getByTestId('reminder-whatsapp').getAttribute('href'))!;
        expect(whatsapp).toMatch(/^https:\/\/wa\.me\/525512345601\?text=/);
        const message = decodeURIComponent(whatsapp.split('?text=')[1]!);
        expect(message).toContain(`Hola ${remindLoans[0]!.client_nombre}`);
        expect(message).toContain(`su abono de ${expected[0]}`);
        expect(message).toContain(remindLoans[0]!.loan_reference);
        expect(await first.getByTestId('reminder-sms').getAttribute('href')).toBe(
          `sms:+525512345601?body=${encodeURIComponent(message)}`,
        );
        const popup = page.waitForEvent('popup');
        await first.getByTestId('reminder-whatsapp').click();
        await (await popup).close();
        await expect.poll(() => first.getAttribute('data-reminded')).toBe('true');
        expect(await page.getByTestId('reminders-progress').textContent()).toBe('Avisados: 1 de 2');
        expect(await horizontalOverflow(page)).toBe(0);

        await page.reload();
        await expect.poll(() => lines.count()).toBe(2);
        expect(await lines.first().getAttribute('data-reminded')).toBe('true');
        expect(await lines.nth(1).getAttribute('data-reminded')).toBe('false');
        expect(await lines.first().getByTestId('reminder-mark').textContent()).toContain(
          'Avisado por WhatsApp',
        );
      },
      { width: 360, height: 760 },
    );
  }, 150_000);
});

describe('Estado de cuenta en la oficina', () => {
  test('a 1280 px: desde el detalle, las mismas cifras, quién cobró cada pago, y la hoja impresa', async () => {
    const admin = await tokenOf('admin@demo.mx');
    const { tag } = await seedWeeklyTown('Oficina', 1);
    const [loan] = await loansOf(admin, tag);
    await paidBy('admin@demo.mx', loan!.id, 120);
    await paidBy('cobrador@demo.mx', loan!.id, 80);

    const page = await browser.newPage(1280, 900);
    await signIn(page);
    await syncIndicator(page).and(page.locator('[data-state="synced"]')).waitFor({ timeout: 60_000 });
    await page.goto(`/loans?loan=${loan!.id}`);
    const detail = page.getByTestId('loan-detail');
    await detail.getByTestId('detail-outstanding').waitFor();
    const outstanding = await detail.getByTestId('detail-outstanding').textContent();
    const saldoALiquidar = await detail.getByTestId('detail-saldo').textContent();
    await detail.getByRole('link', { name: `Estado de cuenta de ${loan!.client_nombre}` }).click();
    await page.waitForURL(`**/loans/${loan!.id}/estado-de-cuenta`);

    await expect.poll(() => figure(page, 'statement-saldo')).toBe(outstanding);
    expect(await figure(page, 'statement-saldo-liquidar')).toBe(saldoALiquidar);
    expect(await figure(page, 'statement-pagado')).toBe('$200.00');
    const payments = page.getByTestId('statement-payment');
    await expect.poll(() => payments.count()).toBe(2);
    const listed = await payments.evaluateAll((rows) => rows.map((r) => r.textContent ?? ''));
    expect(listed.some((r) => r.includes('$120.00') && r.includes('Administrador Demo'))).toBe(true);
    expect(listed.some((r) => r.includes('$80.00') && r.includes('Cobrador Demo'))).toBe(true);
    expect(
      await page.getByTestId('statement-payments').getByRole('columnheader', { name: 'Pagos' }).count(),
    ).toBe(1);

    // Printed: no menu, no header, no buttons; one column, black text.
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('aside').first().isVisible()).toBe(false);
    expect(await page.locator('header').first().isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Compartir' }).isVisible()).toBe(false);
    expect(await page.getByTestId('statement-schedule').isVisible()).toBe(true);
    const printed = await page.evaluate(() => ({
      columns: getComputedStyle(document.querySelector('.statement-columns')!).gridTemplateColumns.split(' ')
        .length,
      label: getComputedStyle(document.querySelector('.statement-pairs dt')!).color,
    }));
    expect(printed).toEqual({ columns: 1, label: 'rgb(0, 0, 0)' });
    await page.emulateMedia({ media: 'screen' });

    await page.getByRole('button', { name: 'Volver' }).click();
    await page.waitForURL(`**/loans?loan=${loan!.id}`);
    await page.getByTestId('loan-detail').waitFor();
  });
});
