import { Hono } from 'hono';
import { businessToday } from '../../shared/dates';
import { AppError } from '../../shared/errors';
import { readsLocations } from '../../shared/location/access';
import { paymentMessages as m } from '../../shared/payments/messages';
import type { PaymentEdit } from '../../shared/payments/row-edit';
import { amortizationUpdateSchema, aplicarPagoSchema } from '../../shared/payments/schemas';
import type { LoanLedgerResponse } from '../../shared/payments/types';
import { requireAuth, requirePermission } from '../auth/middleware';
import { jsonBody } from '../http/validate';
import { findLoan } from '../loans/queries';
import { clientPlaceOfLoan } from '../location/places';
import type { AppDeps, AppEnv, AuthInfo } from '../types';
import { applyRowEdit } from './apply-payment';
import { loanLedger, paymentRowHistory } from './history-queries';

/** The online payment calls (docs/producto.md §7): both are row edits (`applyRowEdit`), in one transaction each. */
export function paymentRoutes(deps: AppDeps) {
  const { sql } = deps;
  const routes = new Hono<AppEnv>();
  const auth = requireAuth(deps);
  const write = requirePermission('PAGOS_REGISTRAR');

  /**
   * Applies the edit and answers the loan as it is now, so the screen shows the server's figures, and whether
   * the edit overrode a change the screen had not shown (`conflict`: applied, and listed for the office).
   */
  async function apply(
    auth: AuthInfo,
    loanId: number,
    id: number,
    edit: PaymentEdit,
    shownVersion: number | undefined,
  ) {
    const today = businessToday(deps.config.timeZone);
    const author = {
      accountId: auth.accountId,
      userId: auth.userId,
      clientId: null,
      correctsAll: auth.permissions.includes('HOJAS_PROCESAR'),
      today,
    };
    return sql.begin(async (tx) => {
      const { changes, conflict } = await applyRowEdit(tx, author, loanId, id, edit, shownVersion ?? null);
      return { loan: (await findLoan(tx, auth, loanId, today))!, changes, conflict };
    });
  }

  routes.post('/aplicar-pago', auth, write, jsonBody(aplicarPagoSchema), async (c) => {
    const body = c.req.valid('json');
    const edit = { pagada: body.pagada, parcial: body.monto_pagado, fechaPagada: body.fecha_pagada };
    const data = await apply(c.get('auth'), body.loan_id, body.id, edit, body.version);
    return c.json({ data, message: m.pagoActualizado });
  });

  routes.put(
    '/loans/:loanId{[0-9]{1,15}}/amortizations/:id{[0-9]{1,15}}',
    auth,
    write,
    jsonBody(amortizationUpdateSchema),
    async (c) => {
      const body = c.req.valid('json');
      const edit = { pagada: body.pagada, parcial: body.parcial, fechaPagada: body.fecha_pagada };
      const loanId = Number(c.req.param('loanId'));
      const id = Number(c.req.param('id'));
      const data = await apply(c.get('auth'), loanId, id, edit, body.version);
      return c.json({ data, message: m.amortizacionActualizada });
    },
  );

  // A loan's payments: every event, who recorded it, from which device, when on the phone and when it arrived,
  // what it stands at after corrections and which rows its money reached (docs/reglas-del-negocio.md).
  // Where each payment was tapped only for readers of locations (decision 029): the others get no such field.
  routes.get('/loans/:loanId{[0-9]{1,15}}/payments', auth, requirePermission('PRESTAMOS_VER'), async (c) => {
    const { accountId, userId, permissions } = c.get('auth');
    const loanId = Number(c.req.param('loanId'));
    const located = readsLocations(permissions);
    const ledger = await loanLedger(sql, accountId, userId, loanId, located);
    if (!ledger) throw new AppError('NOT_FOUND', m.prestamoNoEncontrado);
    const body: LoanLedgerResponse = { data: ledger };
    if (located) body.lugar_cliente = await clientPlaceOfLoan(sql, accountId, loanId);
    return c.json(body);
  });

  // The payments whose money reached one row (docs/reglas-del-negocio.md).
  routes.get(
    '/loans/:loanId{[0-9]{1,15}}/amortizations/:id{[0-9]{1,15}}/history',
    auth,
    requirePermission('PRESTAMOS_VER'),
    async (c) => {
      const loanId = Number(c.req.param('loanId'));
      const id = Number(c.req.param('id'));
      const { accountId, userId, permissions } = c.get('auth');
      const history = await paymentRowHistory(
        sql,
        accountId,
        userId,
        loanId,
        id,
        readsLocations(permissions),
      );
      if (!history) throw new AppError('NOT_FOUND', m.amortizacionNoEncontrada);
      return c.json({ data: history });
    },
  );

  return routes;
}
