// The payment ledger's proof by hand (decision 021): a collector with no signal works a town's week on a 360 px
// phone (a full 'Pagó', a loan behind paid in part, an amount typed after two refusals, a receipt, the day's
// count), the signal returns, and the office at 1280 px reads the same money on every screen: the corte, the
// list of sheets before processing, the sheet's page, its Resumen and its file, the financial summary's town,
// the processing log, and the dashboard's active loans against the portfolio's. The collector is this test's
// own, so the day's corte holds only these payments.
import { mkdirSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import XLSX from 'sheetjs-style';
import { describe, expect, test } from 'vitest';
import { addDays, businessToday } from '../../shared/dates';
import { formatMoney } from '../../shared/money';
import type { SheetLoan, WeeklySheet } from '../../shared/sheets/types';
import type { UserListItem } from '../../shared/users/types';
import { baseUrl, fileBrowser, signIn, withPersistentContext } from './helpers/browser';
import { apiAs, dialogNamed, horizontalOverflow, toast } from './helpers/catalog';
import { syncIndicator } from './helpers/loans';
import { call, seedWeeklyTown } from './helpers/route';

const browser = fileBrowser();
const cents = (pesos: number) => Math.round(pesos * 100);
const money = (centavos: number) => formatMoney(centavos / 100);

/** With E2E_SHOTS=<dir>, each screen read is also saved as a PNG there (to look at, not to assert). */
async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

const waitSynced = (page: Page) =>
  syncIndicator(page).and(page.locator('[data-state="synced"]')).waitFor({ timeout: 60_000 });

/** A collector of this test alone, working only the test's town. */
async function ownCollector(admin: string, townId: number, tag: string) {
  const users = await call<{ data: UserListItem[] }>(admin, 'GET', 'list-users');
  const demo = users.body.data.find((u) => u.email === 'cobrador@demo.mx')!;
  const email = `semana-${tag.split(' ')[1]!.toLowerCase()}@demo.mx`;
  const name = `Cobrador ${tag}`;
  const created = await call(admin, 'POST', 'register-user', {
    name,
    email,
    password: 'demo1234',
    account_id: demo.account_id,
    role_id: demo.role_id,
    municipios: [townId],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { email, name };
}

async function shareStub(context: BrowserContext) {
  await context.addInitScript(() => {
    const shared: unknown[] = [];
    Object.assign(window, { __shared: shared });
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: async (data: unknown) => {
        shared.push(data);
      },
    });
  });
}

describe('una semana a mano', () => {
  test('el teléfono sin señal a 360 px y la oficina a 1280 px leen el mismo dinero en cada pantalla', async () => {
    // Two loans with this week's abono due, and one three weeks old: two weeks behind.
    const { admin, tag, townId } = await seedWeeklyTown('Semana', 2);
    const started = addDays(businessToday(), -21);
    const methods = await call<{ data: { id: number; modalidad_pago: string; monto_minimo: number }[] }>(
      admin,
      'GET',
      'payment-methods',
    );
    const weekly = methods.body.data.find((m) => m.modalidad_pago === 'SEMANAL')!;
    const behind = await call(admin, 'POST', 'save-loan', {
      new_client: {
        nombre: `${tag} Cliente atrasado`,
        telefono: '5512345699',
        municipality_id: townId,
        coordinadora: false,
        empleado: false,
      },
      payment_method_id: weekly.id,
      monto_credito: weekly.monto_minimo,
      fecha_inicio: started,
      garantias: ['Televisión', 'Refrigerador'],
    });
    expect(behind.status, JSON.stringify(behind.body)).toBe(201);
    const collector = await ownCollector(admin, townId, tag);
    const generated = await call<{ data: WeeklySheet }>(admin, 'POST', 'hoja-de-cobro', {
      municipalityId: townId,
    });
    expect(generated.status).toBe(201);
    const sheet = generated.body.data;
    const sheetLoans = (
      await call<{ data: SheetLoan[] }>(admin, 'GET', `loans-weekly-sheets?weeklySheetId=${sheet.id}`)
    ).body.data;
    expect(sheetLoans).toHaveLength(3);
    const late = sheetLoans.find((l) => l.client_nombre.endsWith('atrasado'))!;
    const [full, partial] = sheetLoans.filter((l) => l !== late) as [SheetLoan, SheetLoan];
    expect(cents(late.monto_esperado)).toBeGreaterThan(cents(late.abono));

    // What the collector will receive, in centavos: the sheet's A COBRAR, one abono of the late loan, and an odd
    // amount short of the third loan's week.
    const paid = {
      full: cents(full.monto_esperado),
      late: cents(late.abono),
      partial: Math.floor(cents(partial.monto_esperado) / 2) - 55,
    };
    const total = paid.full + paid.late + paid.partial;

    await withPersistentContext(
      async (context) => {
        await shareStub(context);
        const phone = context.pages()[0] ?? (await context.newPage());
        await signIn(phone, collector.email, 'demo1234', '/cobranza');
        await waitSynced(phone);
        await phone.goto('/cobranza');
        const card = (l: SheetLoan) =>
          phone.locator(`[data-testid="cobranza-card"][data-loan-id="${l.loan_id}"]`);
        await card(late).waitFor();
        await expect.poll(() => phone.getByTestId('cobranza-card').count()).toBe(3);
        await context.setOffline(true);

        // 'Pagó' offers the sheet's A COBRAR; the loan behind is never "Al corriente".
        for (const l of sheetLoans)
          expect(await card(l).getByTestId('cobranza-pago').textContent()).toBe(
            `Pagó ${money(cents(l.monto_esperado))}`,
          );
        expect(await card(late).textContent()).not.toContain('Al corriente');
        await shot(phone, '360-cobranza-antes');

        await card(full).getByTestId('cobranza-pago').click();
        await expect.poll(() => card(full).getAttribute('data-state')).toBe('pagado');

        await card(late).getByRole('button', { name: 'Otro monto' }).click();
        const other = phone.getByTestId('other-amount-dialog');
        await other.getByLabel('Monto recibido').fill((paid.late / 100).toFixed(2));
        await other.getByRole('button', { name: 'Registrar pago' }).click();
        await other.waitFor({ state: 'hidden' });
        await expect.poll(() => card(late).getAttribute('data-state')).toBe('parcial');
        // Still behind: it asks for the rest of the sheet's amount, and says so.
        await expect
          .poll(() => card(late).getByTestId('cobranza-pago').textContent())
          .toBe(`Pagó ${money(cents(late.monto_esperado) - paid.late)}`);
        expect(await card(late).textContent()).not.toContain('Al corriente');

        // 'Otro monto' names the real problem: zero, then more than the loan owes; then the amount received.
        await card(partial).getByRole('button', { name: 'Otro monto' }).click();
        await other.getByLabel('Monto recibido').fill('0');
        await other.getByRole('button', { name: 'Registrar pago' }).click();
        await other.getByText('El monto debe ser mayor que 0').waitFor();
        await other.getByLabel('Monto recibido').fill(((cents(partial.adeudo) + 100) / 100).toFixed(2));
        await other.getByRole('button', { name: 'Registrar pago' }).click();
        await other
          .getByText(`El pago excede el saldo pendiente de ${money(cents(partial.adeudo))}`)
          .waitFor();
        await shot(phone, '360-otro-monto-excede');
        await other.getByLabel('Monto recibido').fill((paid.partial / 100).toFixed(2));
        await other.getByRole('button', { name: 'Registrar pago' }).click();
        await other.waitFor({ state: 'hidden' });
        await expect.poll(() => card(partial).getAttribute('data-state')).toBe('parcial');

        // The receipt: the amount received and what is left, to the centavo.
        await card(partial).getByRole('button', { name: 'Compartir recibo' }).click();
        const shared = await phone.evaluate(
          () => (window as unknown as { __shared: { text: string }[] }).__shared,
        );
        expect(shared.at(-1)!.text).toContain(`Abono recibido: ${money(paid.partial)}`);
        expect(shared.at(-1)!.text).toContain(
          `Saldo restante: ${money(cents(partial.adeudo) - paid.partial)}`,
        );

        // The route's totals and the sheet on the phone: all of it, still on the phone.
        await expect.poll(() => phone.getByTestId('cobranza-cobrado').textContent()).toBe(money(total));
        await shot(phone, '360-cobranza-despues');

        // The day's count, $50.00 short: the phone's registrado is what was typed.
        await phone.getByRole('button', { name: 'Cerrar día' }).click();
        const close = phone.getByTestId('close-day-dialog');
        expect(await close.getByTestId('close-day-expected').textContent()).toBe(money(total));
        await close.getByLabel('Efectivo contado').fill(((total - 5000) / 100).toFixed(2));
        await close
          .getByTestId('close-day-difference')
          .getByText('Diferencia: -$50.00 (falta efectivo)')
          .waitFor();
        await shot(phone, '360-cerrar-dia');
        await close.getByRole('button', { name: 'Guardar corte' }).click();
        await close.waitFor({ state: 'detached' });

        await phone.goto(`/weekly-sheets/${sheet.id}/loans`);
        await expect
          .poll(async () =>
            Number(await phone.getByTestId('total-pendiente-sync').getAttribute('data-value')),
          )
          .toBe(total / 100);
        await shot(phone, '360-hoja');

        // Sincronización lists each payment with the amount typed.
        await phone.goto('/sync');
        const entries = phone.getByTestId('outbox-entry');
        for (const amount of [paid.full, paid.late, paid.partial])
          await entries
            .filter({ hasText: `Pago de ${money(amount)}` })
            .first()
            .waitFor();
        expect(await horizontalOverflow(phone)).toBe(0);
        await shot(phone, '360-sincronizacion');

        await context.setOffline(false);
        await waitSynced(phone);
        expect(await syncIndicator(phone).getAttribute('data-pending')).toBe('0');
      },
      { width: 360, height: 760 },
    );

    // The office, at 1280 px.
    const office = await browser.newPage(1280, 800);
    await signIn(office);

    // The corte: registrado, contado and difference as the phone said.
    await office.goto('/cortes');
    const corte = office.getByTestId('cortes-table').locator('tr', { hasText: collector.name });
    await corte.waitFor();
    expect(await corte.locator('[data-column="registrado"]').textContent()).toBe(money(total));
    expect(await corte.locator('[data-column="contado"]').textContent()).toBe(money(total - 5000));
    expect(await corte.locator('[data-column="diferencia"]').textContent()).toContain('-$50.00');
    await shot(office, '1280-cortes');
    // This collector's only count: the total says so in the singular.
    await office.getByLabel('Cobrador').selectOption({ label: collector.name });
    await office.getByTestId('cortes-totals').getByText('Registrado (1 corte)', { exact: true }).waitFor();

    // The list of sheets shows what was collected before processing.
    await office.goto('/weekly-sheets');
    const listed = office.locator(`[data-testid="data-row"][data-key="${sheet.id}"]`);
    await expect.poll(() => listed.locator('[data-column="cobrado"]').textContent()).toBe(money(total));
    expect(await listed.locator('[data-column="esperado"]').textContent()).toBe(
      money(cents(sheet.monto_esperado)),
    );
    await shot(office, '1280-hojas');

    // The sheet's page: its cobrado, and a Resumen whose counts match its lines.
    await office.goto(`/weekly-sheets/${sheet.id}/loans`);
    // The office's device has to pull the phone's payments first (a sync run, not a page load).
    await expect
      .poll(async () => Number(await office.getByTestId('total-cobrado').getAttribute('data-value')), {
        timeout: 20_000,
      })
      .toBe(total / 100);
    await shot(office, '1280-hoja');
    await office.getByRole('button', { name: 'Resumen' }).click();
    const counts = office.getByTestId('resumen-counts');
    await counts.getByText(/pendientes?\b/).waitFor();
    const pendientes = Number(/(\d+) pendientes?\b/.exec((await counts.textContent())!)![1]);
    await expect.poll(() => office.getByTestId('resumen-row').count()).toBe(pendientes);
    expect(await counts.textContent()).toContain('1 pagado');
    await shot(office, '1280-resumen');

    // Its file: A COBRAR adds up to the sheet's expected total; each loan's ADEUDO is what it owed.
    const file = await office.request.get(`${baseUrl()}/api/weekly-sheets/${sheet.id}/file`, {
      headers: { Authorization: `Bearer ${admin}` },
    });
    const book = XLSX.read(await file.body(), { type: 'buffer' });
    const cells = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    const header = cells.findIndex((r) => r[0] === 'GRUPO');
    const col = (name: string) => cells[header]!.indexOf(name);
    const lines = cells.filter((r) => typeof r[1] === 'string' && (r[1] as string).startsWith('PR-'));
    expect(lines).toHaveLength(3);
    expect(lines.reduce((s, r) => s + cents(r[col('A COBRAR')] as number), 0)).toBe(
      cents(sheet.monto_esperado),
    );
    for (const l of sheetLoans) {
      const line = lines.find((r) => r[1] === l.loan_reference)!;
      expect(cents(line[col('ADEUDO')] as number)).toBe(cents(l.adeudo));
    }

    // The financial summary's week, by town: this town collected exactly that.
    await office.goto(`/reports/financial-summary/${businessToday()}`);
    const town = office
      .getByTestId('municipality-table')
      .locator('[data-testid="data-row"]', { hasText: tag });
    await town.waitFor();
    expect(await town.locator('[data-column="cobrado"]').textContent()).toBe(money(total));
    await shot(office, '1280-resumen-financiero-municipio');

    // Processing: the same cobrado; the two partial payments are named with the sheet's amounts.
    await office.goto('/weekly-sheets');
    await listed.getByRole('button', { name: 'Procesar' }).click();
    await office
      .getByRole('alertdialog', { name: 'Procesar Hoja' })
      .getByRole('button', { name: 'Procesar' })
      .click();
    await toast(office, 'success', 'Hoja procesada exitosamente');
    const log = dialogNamed(office, 'Bitácora de Procesamiento');
    await log.getByText('Advertencias').first().waitFor();
    for (const [l, got] of [
      [partial, paid.partial],
      [late, paid.late],
    ] as const)
      await log
        .getByText(`Pago parcial: ${money(got)} de ${money(cents(l.monto_esperado))}`, { exact: false })
        .first()
        .waitFor();
    await shot(office, '1280-bitacora');
    const processed = (await apiAs<{ data: WeeklySheet }>(office, 'GET', `weekly-sheets/${sheet.id}`)).body
      .data;
    expect(cents(processed.monto_cobrado)).toBe(total);

    // One definition of "activo": the dashboard's count is the portfolio's.
    await office.goto('/dashboard');
    const activos = Number(await office.getByTestId('card-activeLoans').getAttribute('data-value'));
    await office.goto('/reports/portfolio');
    await office
      .getByTestId('portfolio-cards')
      .getByText(`; ${activos} activos)`, { exact: false })
      .waitFor();
    expect(await horizontalOverflow(office)).toBe(0);
  });
});
