import { type Cents, cents, toCents } from '../../shared/money';
import type { SummaryParams } from '../../shared/reports/types';
import type { Db } from '../db/connect';
import { inTowns } from '../scope/towns';
import type { Scope } from '../types';
import type { ReportRange } from './report-range';

/** What the database adds up for one group (a week or a municipality); commissions are applied after. */
export interface RawFigures {
  creditos: number;
  entregado: Cents;
  credito: Cents;
  cobrado: Cents;
}

export type SummaryGroup = 'week' | 'municipality';

const zero = (): RawFigures => ({ creditos: 0, entregado: cents(0), credito: cents(0), cobrado: cents(0) });
const c = (text: string | null) => toCents(text ?? '0') ?? cents(0);

/**
 * Loans delivered (by fecha_inicio) and money collected in the range, per week (its Monday) or per
 * municipality (the loan's). Collected is the payment events' money by their business date, as the triggers
 * on `payments` add it up in report_daily (docs/reglas-del-negocio.md §8.2): a correction moves money between
 * dates, a row paid in two visits counts each visit on its own day.
 */
export async function summaryFigures(
  db: Db,
  scope: Scope,
  range: ReportRange,
  group: SummaryGroup,
): Promise<Map<string, RawFigures>> {
  const loanKey =
    group === 'week'
      ? db`to_char(date_trunc('week', l.fecha_inicio), 'YYYY-MM-DD')`
      : db`l.municipality_id::text`;
  const dayKey =
    group === 'week' ? db`to_char(date_trunc('week', d.fecha), 'YYYY-MM-DD')` : db`d.municipality_id::text`;
  const [delivered, collected] = await Promise.all([
    db<{ key: string; creditos: number; entregado: string; credito: string }[]>`
      select ${loanKey} as key, count(*)::int as creditos,
        sum(l.monto_entregado)::text as entregado, sum(l.monto_credito)::text as credito
      from loans l
      where l.account_id = ${scope.accountId} and l.fecha_inicio between ${range.from} and ${range.to}
        ${inTowns(db, scope, 'l.municipality_id')}
      group by 1`,
    // report_daily (migration 011) holds the money received per day, already added up.
    db<{ key: string; cobrado: string }[]>`
      select ${dayKey} as key, sum(d.cobrado)::text as cobrado
      from report_daily d
      where d.account_id = ${scope.accountId} and d.fecha between ${range.from} and ${range.to}
        ${inTowns(db, scope, 'd.municipality_id')}
      group by 1
      having sum(d.cobrado) <> 0`,
  ]);
  const figures = new Map<string, RawFigures>();
  const at = (key: string) => {
    const f = figures.get(key) ?? zero();
    figures.set(key, f);
    return f;
  };
  for (const r of delivered) {
    const f = at(r.key);
    f.creditos = r.creditos;
    f.entregado = c(r.entregado);
    f.credito = c(r.credito);
  }
  for (const r of collected) at(r.key).cobrado = c(r.cobrado);
  return figures;
}

export interface MunicipalityName {
  id: number;
  name: string;
  deleted: boolean;
}

/** The scope's municipalities still in use, plus any deleted one that has figures to show. */
export async function municipalityNames(db: Db, scope: Scope): Promise<MunicipalityName[]> {
  return db<MunicipalityName[]>`
    select id::int as id, name, deleted from municipalities
    where account_id = ${scope.accountId} ${inTowns(db, scope, 'id')}
    order by name, id`;
}

/** The account's commissions (docs/reglas-del-negocio.md §8.3); an account without its row pays none rather than failing. */
export async function loanParams(db: Db, accountId: number): Promise<SummaryParams> {
  const [row] = await db<{ abonos: string; creditos: string }[]>`
    select comision_abonos_pct::text as abonos, comision_creditos_pct::text as creditos
    from loan_params where account_id = ${accountId}`;
  return {
    comision_abonos_pct: row ? Number(row.abonos) : 0,
    comision_creditos_pct: row ? Number(row.creditos) : 0,
  };
}
