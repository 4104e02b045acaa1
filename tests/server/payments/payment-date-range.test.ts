// A payment's date is within 2000–2099 (docs/reglas-del-negocio.md §2), like the loan form's, on every path
// (the screen's edit, aplicar-pago, a phone's queued edit); a phone's entry with such a date is refused alone,
// in Spanish.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { paymentMessages as m } from '../../../shared/payments/messages';
import { send } from '../helpers/catalog';
import { connectTestSql, testApp } from '../helpers/test-db';
import { push, rowVersion, tenantWithLoans, update } from '../sync/helpers';

const sql = connectTestSql();
const app = testApp(sql);

describe('payment dates out of 2000–2099', () => {
  it('are refused online and from the phone, and nothing is stored', async () => {
    const t = await tenantWithLoans(sql, app);
    const loan = await t.addLoan();
    const first = loan.amortizationIds[0]!;
    const second = loan.amortizationIds[1]!;
    const put = await send(app, 'PUT', `/api/loans/${loan.id}/amortizations/${first}`, t.token, {
      parcial: 100,
      fecha_pagada: '2206-11-16',
    });
    expect(put.status).toBe(400);
    expect(((await put.json()) as { error: string }).error).toBe(m.fechaFueraDeRango);
    const aplicar = await send(app, 'POST', '/api/aplicar-pago', t.token, {
      loan_id: loan.id,
      id: first,
      monto_pagado: 100,
      fecha_pagada: '1999-12-31',
    });
    expect(aplicar.status).toBe(400);

    const base = { loanId: loan.id, baseVersion: await rowVersion(sql, first) };
    const result = await push(app, t.token, randomUUID(), [
      update(1, { ...base, amortizationId: first, parcial: 100, fecha_pagada: '2206-11-16' }),
      update(2, {
        ...base,
        amortizationId: second,
        baseVersion: await rowVersion(sql, second),
        pagada: true,
      }),
    ]);
    expect(result.results).toEqual([
      { id: 1, status: 'rejected', reason: m.fechaFueraDeRango },
      { id: 2, status: 'applied' },
    ]);
    const [row] = await sql<{ parcial: string; fecha_pagada: string | null }[]>`
      select parcial::text, fecha_pagada::text from amortizations where id = ${first}`;
    expect(row).toEqual({ parcial: '0.00', fecha_pagada: null });
  });
});
