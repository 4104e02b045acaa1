// The rows of a pull page, fetched by id per entity and converted once (money in pesos, dates as text).
import type { PendingQuery, Row } from 'postgres';
import { pesos } from '../../shared/money';
import type { SyncChanges, SyncPayment, SyncWeeklySheet, SyncWeeklySheetLoan } from '../../shared/sync/types';
import type { Db } from '../db/connect';
import {
  type AmortizationDbRow,
  amortizationColumns,
  type LoanDbRow,
  loanColumns,
  toAmortization,
  toLoanRecord,
} from '../loans/rows';
import { type PaymentMethodRow, toPaymentMethod } from '../payment-methods/queries';
import { visitsByIds } from '../visits/queries';
import { ENTITIES, type StreamKey } from './cursor';

type Entity = (typeof ENTITIES)[number];
type Versioned<T> = T & { version: number };
type Stamped<T> = Omit<T, 'created_at'> & { created_at: Date };

/**
 * Which rows: their ids, or a query that selects them (a snapshot's next ids, asked in the same round trip as
 * the rows: it saved a query and the 5,000 ids sent back per page, ~5 ms of a page's ~25).
 */
export type IdSource = readonly number[] | PendingQuery<Row[]>;

export async function fetchEntity(db: Db, accountId: number, entity: Entity, ids: IdSource) {
  const idList = Array.isArray(ids)
    ? db`${db.array([...ids])}::bigint[]`
    : db`array(${ids as PendingQuery<Row[]>})`;
  switch (entity) {
    case 'municipalities': {
      const rows = await db<Stamped<SyncChanges['municipalities'][number]>[]>`select id, name,
          collection_day, deleted as "delete", created_at, version
        from municipalities where account_id = ${accountId} and id = any(${idList}) order by version, id`;
      return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
    }
    case 'clients': {
      const rows = await db<Stamped<SyncChanges['clients'][number]>[]>`select id, nombre, telefono,
          coordinadora, empleado, municipality_id, account_id, created_at, version
        from clients where account_id = ${accountId} and id = any(${idList}) order by version, id`;
      return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
    }
    case 'payment_methods': {
      const rows = await db<Versioned<PaymentMethodRow>[]>`select id, modalidad_pago, monto_minimo,
          monto_maximo, interes, total_pagos, interes_coordinadora, total_pagos_coordinadora, interes_empleado,
          total_pagos_empleado, requiere_aval, version
        from payment_methods where account_id = ${accountId} and id = any(${idList}) order by version, id`;
      return rows.map((r) => ({ ...toPaymentMethod(r), version: r.version }));
    }
    case 'loans': {
      const rows = await db<LoanDbRow[]>`select ${loanColumns(db)} from loans l
        where l.account_id = ${accountId} and l.id = any(${idList}) order by l.version, l.id`;
      return rows.map(toLoanRecord);
    }
    case 'amortizations': {
      const rows = await db<AmortizationDbRow[]>`select ${amortizationColumns(db)} from amortizations a
        where a.account_id = ${accountId} and a.id = any(${idList}) order by a.version, a.id`;
      return rows.map(toAmortization);
    }
    case 'weekly_sheets': {
      type Row = Omit<Stamped<SyncWeeklySheet>, 'monto_esperado' | 'monto_cobrado' | 'proccessing_date'> & {
        monto_esperado: string;
        monto_cobrado: string;
        proccessing_date: Date | null;
      };
      const rows = await db<Row[]>`select id, municipality_id, coverage_week::text as coverage_week,
          coverage_week_end::text as coverage_week_end, week, url, processed, proccessing_date, monto_esperado,
          monto_cobrado, log, created_at, version
        from weekly_sheets where account_id = ${accountId} and id = any(${idList}) order by version, id`;
      return rows.map((r) => ({
        ...r,
        monto_esperado: pesos(r.monto_esperado),
        monto_cobrado: pesos(r.monto_cobrado),
        proccessing_date: r.proccessing_date?.toISOString() ?? null,
        created_at: r.created_at.toISOString(),
      }));
    }
    case 'weekly_sheet_loans': {
      type Row = Omit<
        Stamped<SyncWeeklySheetLoan>,
        'monto_esperado' | 'saldo_a_liquidar' | 'cobrado_previo' | 'adeudo' | 'cobrado'
      > & {
        monto_esperado: string;
        adeudo: string;
        cobrado: string;
        saldo_a_liquidar: string;
        cobrado_previo: string;
      };
      const rows = await db<Row[]>`select id, weekly_sheet_id, loan_id, amortization_id,
          arrears_amortization_ids, monto_esperado, adeudo, cobrado, saldo_a_liquidar, cobrado_previo, grupo,
          client_id, client_nombre, loan_reference, orden_ruta, created_at, version
        from weekly_sheet_loans where account_id = ${accountId} and id = any(${idList}) order by version, id`;
      return rows.map((r) => ({
        ...r,
        arrears_amortization_ids: r.arrears_amortization_ids.map(Number),
        monto_esperado: pesos(r.monto_esperado),
        adeudo: pesos(r.adeudo),
        cobrado: pesos(r.cobrado),
        saldo_a_liquidar: pesos(r.saldo_a_liquidar),
        cobrado_previo: pesos(r.cobrado_previo),
        created_at: r.created_at.toISOString(),
      }));
    }
    case 'visits':
      return visitsByIds(db, accountId, idList);
    case 'payments': {
      const rows = await db<
        (Omit<SyncPayment, 'amount'> & { amount: string })[]
      >`select id, receipt_id, loan_id,
          kind, amount, fecha::text as fecha, amortization_id, corrects_id, user_id, version
        from payments where account_id = ${accountId} and id = any(${idList}) order by version, id`;
      return rows.map((r) => ({ ...r, amount: pesos(r.amount) }));
    }
  }
}

export const emptyChanges = (): SyncChanges => ({
  municipalities: [],
  clients: [],
  payment_methods: [],
  loans: [],
  amortizations: [],
  weekly_sheets: [],
  weekly_sheet_loans: [],
  visits: [],
  payments: [],
});

/** The rows behind a page's keys (stored tombstones are not rows: the caller reads them). */
export async function fetchChanges(
  db: Db,
  accountId: number,
  keys: readonly StreamKey[],
): Promise<SyncChanges> {
  const changes = emptyChanges();
  for (const [index, entity] of ENTITIES.entries()) {
    const ids = keys.filter((k) => k.entity === index).map((k) => k.id);
    if (ids.length === 0) continue;
    (changes[entity] as unknown[]) = await fetchEntity(db, accountId, entity, ids);
  }
  return changes;
}
