// GET /api/loans-weekly-sheets and the spreadsheet's rows: the snapshot joined with its loans as they are now.

import { pesos } from '../../shared/money';
import type { SheetLoan } from '../../shared/sheets/types';
import type { Db } from '../db/connect';
import { amortizationsOf } from '../loans/rows';

type Money =
  | 'monto_esperado'
  | 'adeudo'
  | 'cobrado'
  | 'saldo_a_liquidar'
  | 'cobrado_previo'
  | 'monto_credito'
  | 'monto_con_interes'
  | 'abono';
type SheetLoanDbRow = Omit<SheetLoan, Money | 'amortizations'> & Record<Money, string>;

export async function sheetLoans(db: Db, accountId: number, sheetId: number): Promise<SheetLoan[]> {
  const rows = await db<SheetLoanDbRow[]>`select w.id, w.weekly_sheet_id, w.loan_id, w.amortization_id,
      w.arrears_amortization_ids, w.monto_esperado, w.adeudo, w.cobrado, w.saldo_a_liquidar, w.cobrado_previo,
      l.loan_reference,
      l.grupo, l.client_id, c.nombre as client_nombre, c.telefono as client_telefono, l.monto_credito,
      l.monto_con_interes, l.abono, l.num_pago, l.total_pagos, l.pagada
    from weekly_sheet_loans w
    join loans l on l.id = w.loan_id and l.account_id = w.account_id
    join clients c on c.id = l.client_id and c.account_id = l.account_id
    where w.account_id = ${accountId} and w.weekly_sheet_id = ${sheetId}
    order by l.grupo, c.nombre, l.id`;
  const amortizations = await amortizationsOf(
    db,
    accountId,
    rows.map((r) => r.loan_id),
  );
  return rows.map((r) => ({
    ...r,
    arrears_amortization_ids: r.arrears_amortization_ids.map(Number),
    monto_esperado: pesos(r.monto_esperado),
    adeudo: pesos(r.adeudo),
    cobrado: pesos(r.cobrado),
    saldo_a_liquidar: pesos(r.saldo_a_liquidar),
    cobrado_previo: pesos(r.cobrado_previo),
    monto_credito: pesos(r.monto_credito),
    monto_con_interes: pesos(r.monto_con_interes),
    abono: pesos(r.abono),
    amortizations: amortizations.get(r.loan_id) ?? [],
  }));
}
