// Shared set-up of the payments and sync tests: a signed-in tenant with loans, and push/pull helpers.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Sql } from '../../../server/db/connect';
import { addDays, businessToday } from '../../../shared/dates';
import type { Permission } from '../../../shared/permissions';
import type { Mutation, PullResponse, PushResponse } from '../../../shared/sync/types';
import { type App, send, signIn } from '../helpers/catalog';
import {
  createClient,
  createLoan,
  createMunicipality,
  createPaymentMethod,
  type RowState,
} from '../helpers/loan-factory';

export const TODAY = businessToday('America/Mexico_City');

/** A tenant with a municipality, the SEMANAL method (14 payments) and a way to add loans. */
export async function tenantWithLoans(sql: Sql, app: App, permissions?: readonly Permission[]) {
  const tenant = await signIn(sql, app, permissions);
  const municipalityId = await createMunicipality(sql, tenant.accountId, { name: 'Atlixco' });
  const paymentMethod = await createPaymentMethod(sql, tenant.accountId);
  const addLoan = async (
    opts: {
      rows?: RowState[];
      fechaInicio?: string;
      montoCredito?: number;
      nombre?: string;
      grupo?: number;
    } = {},
  ) =>
    createLoan(sql, {
      accountId: tenant.accountId,
      clientId: await createClient(sql, tenant.accountId, municipalityId, { nombre: opts.nombre }),
      municipalityId,
      paymentMethod,
      montoCredito: opts.montoCredito ?? 7000,
      fechaInicio: opts.fechaInicio ?? addDays(TODAY, -21),
      rows: opts.rows,
      grupo: opts.grupo,
    });
  return { ...tenant, municipalityId, paymentMethod, addLoan };
}

export async function rowVersion(sql: Sql, amortizationId: number): Promise<number> {
  const [row] = await sql<
    { version: number }[]
  >`select version from amortizations where id = ${amortizationId}`;
  return row!.version;
}

export interface UpdateArgs {
  loanId: number;
  amortizationId: number;
  baseVersion: number;
  pagada?: boolean;
  parcial?: number;
  fecha_pagada?: string | null;
  receiptId?: string;
}

export const update = (id: number, args: UpdateArgs, clientTime = new Date().toISOString()): Mutation => ({
  id,
  name: 'amortization.update',
  args: { receiptId: randomUUID(), ...args },
  clientTime,
});

export async function push(app: App, token: string, clientId: string, mutations: Mutation[]) {
  const res = await send(app, 'POST', '/api/sync/push', token, { clientId, mutations });
  const body = (await res.json()) as PushResponse;
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body;
}

export async function pull(
  app: App,
  token: string,
  clientId: string,
  cursor?: string | number | null,
  limit?: number,
) {
  const res = await send(app, 'POST', '/api/sync/pull', token, { clientId, cursor, limit });
  const body = (await res.json()) as PullResponse;
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body;
}

/** Pulls pages until hasMore is false; returns every page. */
export async function pullAll(
  app: App,
  token: string,
  clientId: string,
  cursor?: string | null,
  limit?: number,
) {
  const pages: PullResponse[] = [];
  let next = cursor;
  for (let i = 0; i < 1000; i++) {
    const page = await pull(app, token, clientId, next, limit);
    pages.push(page);
    next = page.cursor;
    if (!page.hasMore) return pages;
  }
  throw new Error('pull sin fin');
}

export async function auditRows(sql: Sql, amortizationIds: number[]) {
  return sql<
    {
      entity_id: number;
      user_id: number;
      client_id: string | null;
      mutation_id: number | null;
      action: string;
      before: Record<string, unknown>;
      after: Record<string, unknown>;
      client_time: Date | null;
    }[]
  >`
    select entity_id, user_id, client_id, mutation_id, action, before, after, client_time from audit_log
    where entity = 'amortizations' and entity_id = any(${sql.array(amortizationIds)}::bigint[])
    order by id`;
}

/** The ledger's events of these loans, in order: kind, amount (pesos text), date, device, mutation, aimed row. */
export async function eventsOf(sql: Sql, loanIds: number[]) {
  return sql<
    {
      id: number;
      loan_id: number;
      receipt_id: string;
      kind: 'pago' | 'correccion';
      amount: string;
      fecha: string;
      amortization_id: number | null;
      corrects_id: number | null;
      user_id: number | null;
      client_id: string | null;
      mutation_id: number | null;
      client_time: Date | null;
      origen: string;
    }[]
  >`
    select id, loan_id, receipt_id, kind, amount::text as amount, fecha::text as fecha, amortization_id,
      corrects_id, user_id, client_id, mutation_id, client_time, origen
    from payments where loan_id = any(${sql.array(loanIds)}::bigint[])
    order by id`;
}

export async function rowsOf(sql: Sql, loanId: number) {
  return sql<
    { id: number; numero_pago: number; pagada: boolean; parcial: string; fecha_pagada: string | null }[]
  >`
    select id, numero_pago, pagada, parcial::text as parcial, fecha_pagada::text as fecha_pagada
    from amortizations where loan_id = ${loanId} order by numero_pago`;
}
