import type { Page } from 'playwright-core';
import type { LoanListResponse } from '../../../shared/loans/types';
import { apiAs, dialogNamed } from './catalog';

/** The header's sync indicator (data-state, data-pending). */
export const syncIndicator = (page: Page) => page.getByTestId('sync-indicator');

/** The first unpaid row of an active loan, read from the server now (other tests pay demo rows too). */
export async function nextUnpaidRow(page: Page) {
  const list = await apiAs<LoanListResponse>(page, 'GET', 'list-loans?activos=true&vencidos=false&limit=100');
  for (const loan of list.body.data) {
    const rows = [...loan.amortizacion].sort((a, b) => a.numero_pago - b.numero_pago);
    const next = rows.find((r) => !r.pagada && !r.renovo);
    if (next && next.parcial === 0) return { loan, row: next };
  }
  throw new Error('no hay filas sin pagar en los datos de demostración');
}

/** Opens the loan's detail and marks payment `numero` paid; returns the row once it shows 'Pagado'. */
export async function markPaidInDetail(page: Page, loanId: number, numero: number) {
  await page.goto(`/loans?loan=${loanId}`);
  const dialog = dialogNamed(page, 'Detalles del Préstamo');
  const target = dialog.locator(`[data-testid="payment-row"][data-numero="${numero}"]`);
  await target.getByRole('button', { name: `Editar pago ${numero}` }).click();
  await target.getByText('Pagado', { exact: true }).click();
  await target.getByRole('button', { name: 'Guardar' }).click();
  await target.getByTestId('row-status').getByText('Pagado', { exact: true }).waitFor();
  return target;
}

/** Ids of the loans in the signed-in user's IndexedDB store (in buckets, decision 019): all, or one municipality's. */
export const deviceLoanIds = (page: Page, municipalityId?: number) =>
  page.evaluate(async (mid) => {
    const user = JSON.parse(localStorage.getItem('currentUser') ?? '{}') as { id: number };
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(`prestamos-u${user.id}`);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const request = db.transaction('loan_buckets').objectStore('loan_buckets').getAll();
    const buckets = await new Promise<{ rows: { id: number; municipality_id: number }[] }[]>(
      (resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      },
    );
    db.close();
    return buckets
      .flatMap((b) => b.rows)
      .filter((l) => mid === undefined || l.municipality_id === mid)
      .map((l) => l.id);
  }, municipalityId);
