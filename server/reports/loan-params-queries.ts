import type { SummaryParams } from '../../shared/reports/types';
import type { Db } from '../db/connect';

/** The account's commissions (docs/reglas-del-negocio.md); an account without its row pays none rather than failing. */
export async function loanParams(db: Db, accountId: number): Promise<SummaryParams> {
  const [row] = await db<{ abonos: string; creditos: string }[]>`
    select comision_abonos_pct::text as abonos, comision_creditos_pct::text as creditos
    from loan_params where account_id = ${accountId}`;
  return {
    comision_abonos_pct: row ? Number(row.abonos) : 0,
    comision_creditos_pct: row ? Number(row.creditos) : 0,
  };
}
