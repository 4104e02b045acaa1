import type { IsoDate } from '../../shared/dates';
import type { PaymentReportRow } from '../../shared/loans/types';
import type { Db } from '../db/connect';
import { inTowns } from '../scope/towns';
import type { Scope } from '../types';

/**
 * GET /reporte-pagos-temp (docs/producto.md §3 payment report row) for the account's open loans: weeks elapsed since
 * fecha_inicio, rows paid, rows unpaid and already due (fecha_pago ≤ today, not renewed), and num_pago.
 */
export async function paymentReport(
  db: Db,
  scope: Scope,
  today: IsoDate,
  municipalityId?: number,
): Promise<PaymentReportRow[]> {
  return db<PaymentReportRow[]>`
    select l.id, c.nombre, m.name as municipio, l.grupo, l.fecha_inicio::text as fecha_inicio,
      greatest(0, (${today}::date - l.fecha_inicio) / 7)::int as semanas_transcurridas,
      count(a.id) filter (where a.pagada)::int as num_pagados,
      count(a.id) filter (where not a.pagada and not a.renovo and a.fecha_pago <= ${today}::date)::int
        as no_pagados,
      l.num_pago
    from loans l
    join clients c on c.id = l.client_id and c.account_id = l.account_id
    join municipalities m on m.id = l.municipality_id and m.account_id = l.account_id
    left join amortizations a on a.loan_id = l.id and a.account_id = l.account_id
    where l.account_id = ${scope.accountId} and not l.pagada ${inTowns(db, scope, 'l.municipality_id')}
      ${municipalityId ? db`and l.municipality_id = ${municipalityId}` : db``}
    group by l.id, c.nombre, m.name
    order by m.name, l.grupo, c.nombre, l.id`;
}

export interface LoanProgress {
  loan_id: number;
  num_pago: number;
  total_pagos: number;
  /** Rows neither paid nor renewed whose fecha_pago is before today (docs/reglas-del-negocio.md "atraso"). */
  abonos_atrasados: number;
  semanas_transcurridas: number;
  pagada: boolean;
  vencido: boolean;
}

/** The loan's progress figures as the server computes them; undefined when it is not one of the scope's. */
export async function loanProgress(
  db: Db,
  scope: Scope,
  loanId: number,
  today: IsoDate,
): Promise<LoanProgress | undefined> {
  const [row] = await db<LoanProgress[]>`
    select l.id as loan_id, l.num_pago, l.total_pagos, l.pagada, l.vencido,
      greatest(0, (${today}::date - l.fecha_inicio) / 7)::int as semanas_transcurridas,
      (select count(*) from amortizations a
        where a.loan_id = l.id and a.account_id = l.account_id and not a.pagada and not a.renovo
          and a.fecha_pago < ${today}::date)::int as abonos_atrasados
    from loans l
    where l.id = ${loanId} and l.account_id = ${scope.accountId} ${inTowns(db, scope, 'l.municipality_id')}`;
  return row;
}
