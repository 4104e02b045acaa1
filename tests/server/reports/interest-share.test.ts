// The income statement's ingresos are the interest share of the period's payments, rounded once (docs/reglas-del-negocio.md):
// Σ amount × interes / (100 + interes) over the events. A sixth of a peso has no exact decimal, and PostgreSQL
// divides to ~16 significant digits, so each event's share was rounded at a scale that depends on its size: two
// shares could add up to a hair under half a centavo, and a statement whose exact figure ends in half a centavo
// said one centavo less. Found by the property test of every view (tests/server/payments/every-view.test.ts).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { IncomeStatementResponse } from '../../../shared/reports/types';
import { dataOf, send } from '../helpers/catalog';
import { connectTestSql, testApp } from '../helpers/test-db';
import { push, TODAY, tenantWithLoans } from '../sync/helpers';

const sql = connectTestSql();
const app = testApp(sql);

describe('GET /api/estado-resultados: the interest share, exactly', () => {
  it('$1.12 and $8.15 received at 20 %: $9.27 collected, $1.545 of interest → $1.55', async () => {
    const t = await tenantWithLoans(sql, app);
    const loan = await t.addLoan({ montoCredito: 7000 });
    const res = await push(
      app,
      t.token,
      randomUUID(),
      [1.12, 8.15].map((amount, i) => ({
        id: i + 1,
        name: 'payment.record' as const,
        args: { receiptId: randomUUID(), loanId: loan.id, amount, fecha: TODAY },
        clientTime: new Date().toISOString(),
      })),
    );
    expect(res.results.map((r) => r.status)).toEqual(['applied', 'applied']);

    const statement = await dataOf<IncomeStatementResponse['data']>(
      await send(app, 'GET', `/api/estado-resultados?fechaInicio=${TODAY}&fechaFin=${TODAY}`, t.token),
    );
    expect(statement.monto_cobrado).toBe(9.27);
    expect(statement.ingresos).toBe(1.55);
  });
});
