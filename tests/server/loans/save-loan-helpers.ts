// Set-up of the save-loan and open-loan tests: a signed-in tenant with a municipality, the SEMANAL method
// (1,000–30,000, 14 payments, 20 % / 15 % / 10 %), one client, and a valid form body.
import { expect, inject } from 'vitest';
import type { Sql } from '../../../server/db/connect';
import { addDays } from '../../../shared/dates';
import type { SaveLoanResponse } from '../../../shared/loans/types';
import type { Permission } from '../../../shared/permissions';
import { type App, send } from '../helpers/catalog';
import { createClient, createLoan, type RowState } from '../helpers/loan-factory';
import { TODAY, tenantWithLoans } from '../sync/helpers';

export const GUARANTEES = ['Televisión', 'Refrigerador'];

export async function loanTenant(sql: Sql, app: App, permissions?: readonly Permission[]) {
  const t = await tenantWithLoans(sql, app, permissions);
  const newClient = (opts: Parameters<typeof createClient>[3] = {}) =>
    createClient(sql, t.accountId, t.municipalityId, opts);
  const clientId = await newClient({ nombre: 'Ana López' });
  const body = (patch: Record<string, unknown> = {}) => ({
    client_id: clientId,
    payment_method_id: t.paymentMethod.id,
    monto_credito: 5000,
    fecha_inicio: TODAY,
    garantias: GUARANTEES,
    ...patch,
  });
  const save = (payload: unknown, token = t.token) => send(app, 'POST', '/api/save-loan', token, payload);
  /** A loan of `client` (7,000 → abono 600) started `weeksAgo` weeks ago, rows as given. */
  const oldLoan = (client: number, weeksAgo: number, rows?: RowState[]) =>
    createLoan(sql, {
      accountId: t.accountId,
      clientId: client,
      municipalityId: t.municipalityId,
      paymentMethod: t.paymentMethod,
      montoCredito: 7000,
      fechaInicio: addWeeks(TODAY, -weeksAgo),
      rows,
    });
  return { ...t, clientId, newClient, body, save, oldLoan };
}

export const addWeeks = (date: string, weeks: number): string => addDays(date, 7 * weeks);

/** Reads a 201 save-loan body. */
export async function saved(res: Response): Promise<SaveLoanResponse> {
  const body = (await res.json()) as SaveLoanResponse;
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body;
}

export const paid = (n: number): RowState[] => Array.from({ length: n }, () => ({ pagada: true }));

export async function loansOfClient(sql: Sql, clientId: number) {
  return sql<{ id: number; pagada: boolean; closed_at: Date | null; previous_loan_id: number | null }[]>`
    select id, pagada, closed_at, previous_loan_id from loans where client_id = ${clientId} order by id`;
}

export async function loanAudit(sql: Sql, accountId: number) {
  return sql<
    {
      entity: string;
      entity_id: number;
      action: string;
      user_id: number;
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
    }[]
  >`select entity, entity_id, action, user_id, before, after from audit_log
    where account_id = ${accountId} order by id`;
}

/**
 * Starts `requests` while the account's sync-version row is locked by another connection, waits until both
 * are blocked inside their transactions on it, then lets them go: on Postgres they truly overlap. The embedded
 * PGlite has one backend (a pool of one), so there they simply run one after the other.
 */
export async function overlapping(
  sql: Sql,
  accountId: number,
  requests: () => (Promise<Response> | Response)[],
): Promise<Response[]> {
  if (inject('embedded')) return Promise.all(requests());
  const { pending } = await sql.begin(async (tx) => {
    await tx`select sync_next_version(${accountId})`;
    const [me] = await tx<{ pid: number }[]>`select pg_backend_pid() as pid`;
    const pending = requests();
    const deadline = Date.now() + 10_000;
    for (;;) {
      const [row] = await sql<{ n: number }[]>`select count(*)::int as n from pg_stat_activity
        where ${me!.pid}::int = any(pg_blocking_pids(pid))`;
      if (row!.n >= pending.length) break;
      if (Date.now() > deadline) throw new Error(`solo ${row!.n} solicitudes esperaban el bloqueo`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return { pending };
  });
  return Promise.all(pending);
}
