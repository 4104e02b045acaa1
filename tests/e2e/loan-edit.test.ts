import { describe, expect, test } from 'vitest';
import type { Loan, LoanListResponse } from '../../shared/loans/types';
import { fileBrowser, signIn } from './helpers/browser';
import { apiAs, dialogNamed } from './helpers/catalog';

const browser = fileBrowser();

/** A loan of the demo with at least one payment recorded: its money is locked. */
async function loanWithPayments(page: Parameters<typeof apiAs>[0]): Promise<Loan> {
  const list = await apiAs<LoanListResponse>(page, 'GET', 'list-loans?activos=true&vencidos=false&limit=100');
  const loan = list.body.data.find((l) => l.amortizacion.some((r) => r.pagada));
  if (!loan) throw new Error('no hay préstamos con pagos en los datos de demostración');
  return loan;
}

describe('Editar Préstamo', () => {
  test.each([
    ['escritorio', 1280],
    ['teléfono', 360],
  ])('en %s cambia aval y notas de un préstamo con pagos; el monto queda bloqueado', async (_name, width) => {
    const page = await browser.newPage(width, 900);
    await signIn(page);
    const loan = await loanWithPayments(page);
    await page.goto(`/loans?loan=${loan.id}`);
    const detail = dialogNamed(page, 'Detalles del Préstamo');
    await detail.getByTestId('detail-reference').waitFor();
    await page.getByTestId('edit-loan').click();
    const dialog = page.getByTestId('loan-edit-dialog');
    await dialog.getByTestId('money-locked').waitFor();
    expect(await dialog.locator('input[name="monto_credito"]').isDisabled()).toBe(true);

    await dialog.locator('input[name="telefono_aval"]').fill('12');
    await dialog.locator('input[name="nombre_aval"]').fill('Aval E2E');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.getByText('El teléfono del aval debe tener entre 8 y 15 dígitos').waitFor();
    const note = `Visitar por la tarde ${width}`;
    await dialog.locator('input[name="telefono_aval"]').fill('222 555 0101');
    await dialog.locator('textarea[name="notas"]').fill(note);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Préstamo actualizado exitosamente').waitFor();

    const after = await apiAs<{ data: Loan }>(page, 'GET', `loans/${loan.id}`);
    expect(after.body.data).toMatchObject({
      nombre_aval: 'Aval E2E',
      telefono_aval: '222 555 0101',
      notas: note,
    });
    expect(after.body.data.monto_credito).toBe(loan.monto_credito);
    // The device's copy follows at the sync the save asked for.
    await detail.getByTestId('detail-notas').getByText(note, { exact: false }).waitFor({ timeout: 20_000 });
  });
});
