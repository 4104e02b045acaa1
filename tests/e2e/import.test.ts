// 'Importar cartera' as a lender meets it (docs/producto.md §2.22): from Préstamos, the template, a file with
// mistakes named by row and column, a good file's preview, the import, the same amounts on the loan afterwards,
// and the same file again creating nothing.
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import XLSX from '@e965/xlsx';
import { describe, expect, test } from 'vitest';
import { addDays, businessToday } from '../../shared/dates';
import { LOAN_COLUMNS, LOAN_SHEET } from '../../shared/imports/columns';
import type { Loan, LoanListResponse } from '../../shared/loans/types';
import type { LedgerEntry } from '../../shared/payments/types';
import { fileBrowser, signIn } from './helpers/browser';
import { apiAs, uniqueName } from './helpers/catalog';
import { excelDate, importWorkbook, type LoanCells } from './helpers/import-file';

const browser = fileBrowser();

function fileWith(name: string, loans: LoanCells[], payments: Parameters<typeof importWorkbook>[1] = []) {
  const path = join(tmpdir(), `${name}-${process.pid}-${Date.now()}.xlsx`);
  writeFileSync(path, importWorkbook(loans, payments));
  return path;
}

describe('importar cartera', () => {
  test('plantilla, errores por fila y columna, vista previa, importar, y el mismo archivo otra vez', async () => {
    const page = await browser.newPage(1280, 900);
    await signIn(page);
    await page.goto('/loans');
    await page.getByRole('link', { name: 'Importar desde Excel' }).click();
    await page.waitForURL('**/loans/import');
    await page.getByRole('heading', { name: 'Importar cartera', level: 1 }).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar plantilla (.xlsx)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('plantilla-importacion.xlsx');
    const template = XLSX.read(readFileSync((await download.path())!), { type: 'buffer' });
    expect(XLSX.utils.sheet_to_json<string[]>(template.Sheets[LOAN_SHEET]!, { header: 1 })[0]).toEqual(
      LOAN_COLUMNS.map((c) => c.header),
    );

    const tag = uniqueName('IMP').replace(/\W/g, '');
    const today = businessToday();
    const start = addDays(today, -35);
    const loans: LoanCells[] = [
      {
        referencia: `${tag}-1`,
        nombre: `Importada ${tag} Uno`,
        telefono: '2221234567',
        municipio: 'atlixco',
        modalidad: 'SEMANAL',
        monto_credito: 5000,
        fecha_inicio: excelDate(start),
        pagado: 858,
      },
      {
        referencia: `${tag}-2`,
        nombre: `Importada ${tag} Dos`,
        telefono: '2227654321',
        municipio: 'Huamantla',
        modalidad: 'SEMANAL',
        monto_credito: 3000,
        fecha_inicio: excelDate(start),
      },
    ];
    const payments = [{ referencia: `${tag}-2`, fecha: excelDate(addDays(start, 7)), monto: 300.5 }];

    // A file with mistakes: each named by its row and column; nothing can be sent.
    const bad = fileWith(
      'mal',
      [
        { ...loans[0]!, monto_credito: 'cinco mil' },
        { ...loans[1]!, municipio: 'Puebla' },
      ],
      payments,
    );
    await page.setInputFiles('#import-file', bad);
    const issues = page.getByTestId('import-issues');
    await issues.waitFor();
    expect(await issues.locator('tbody tr').allInnerTexts()).toEqual([
      'Préstamos\t2\tMonto crédito\tDebe ingresar un monto de crédito válido',
      'Préstamos\t3\tMunicipio\tEl municipio no existe o no lo tiene asignado',
    ]);
    expect(await page.getByRole('button', { name: /^Importar \d/ }).count()).toBe(0);

    // The corrected file: its totals, then the import.
    const good = fileWith('bien', loans, payments);
    await page.setInputFiles('#import-file', good);
    await page.getByTestId('import-totals').waitFor();
    expect(await page.getByTestId('import-prestamos').getAttribute('data-value')).toBe('2');
    const pagadoPreview = Number(await page.getByTestId('import-pagado').getAttribute('data-value'));
    expect(pagadoPreview).toBe(85_800 + 30_050);
    await page.getByRole('button', { name: 'Importar 2 préstamos' }).click();
    await expect
      .poll(() => page.getByTestId('import-progress').textContent(), { timeout: 30_000 })
      .toBe('Listo: 2 préstamos creados, 2 clientes nuevos, 3 pagos');

    // The loans read as the preview said: what was paid is in each loan's ledger, marked as imported.
    const list = await apiAs<LoanListResponse>(
      page,
      'GET',
      `list-loans?clientName=${encodeURIComponent(tag)}`,
    );
    expect(list.status).toBe(200);
    const ids = list.body.data.map((l) => l.id);
    expect(ids).toHaveLength(2);
    let paid = 0;
    for (const id of ids) {
      const ledger = await apiAs<{ data: LedgerEntry[] }>(page, 'GET', `loans/${id}/payments`);
      for (const e of ledger.body.data) {
        expect(e.origen).toBe('importacion');
        paid += Math.round(e.amount * 100);
      }
      const loan = await apiAs<{ data: Loan }>(page, 'GET', `loans/${id}`);
      expect(loan.body.data.loan_reference).toMatch(/^PR-\d{6}$/);
    }
    expect(paid).toBe(pagadoPreview);

    // The loan's own screen shows the imported payments as such.
    const dos = list.body.data.find((l) => l.client_nombre === `Importada ${tag} Dos`)!;
    await page.goto(`/loans?loan=${dos.id}`);
    await page
      .getByRole('dialog', { name: 'Detalles del Préstamo' })
      .getByText('Importado')
      .first()
      .waitFor();

    // The same file again: nothing twice.
    await page.goto('/loans/import');
    await page.setInputFiles('#import-file', good);
    await page.getByRole('button', { name: 'Importar 2 préstamos' }).click();
    await expect
      .poll(() => page.getByTestId('import-progress').textContent(), { timeout: 30_000 })
      .toBe('Listo: 0 préstamos creados, 0 clientes nuevos, 0 pagos; 2 ya estaban importados');
    const again = await apiAs<LoanListResponse>(
      page,
      'GET',
      `list-loans?clientName=${encodeURIComponent(tag)}`,
    );
    expect(again.body.data).toHaveLength(2);
  });

  test('un cobrador no ve el botón de importar', async () => {
    const page = await browser.newPage(360, 800);
    await signIn(page, 'cobrador@demo.mx');
    await page.goto('/loans');
    await page.getByRole('heading', { name: 'Préstamos', level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: 'Importar desde Excel' }).count()).toBe(0);
  });
});
