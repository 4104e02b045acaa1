// A tenant with one municipality whose loans are built around the current coverage week, and its tokens.
import type { Sql } from '../../../server/db/connect';
import { addDays, businessToday } from '../../../shared/dates';
import type { Permission } from '../../../shared/permissions';
import { coverageWeekFor } from '../../../shared/sheets/coverage-week';
import {
  createClient,
  createLoan,
  createMunicipality,
  createPaymentMethod,
  type RowState,
} from '../helpers/loan-factory';
import { createTenant, loginToken, type testApp } from '../helpers/test-db';

export const COBRADOR: Permission[] = ['PRESTAMOS_VER', 'PAGOS_REGISTRAR', 'HOJAS_VER'];

export async function sheetTenant(sql: Sql, app: ReturnType<typeof testApp>) {
  const tenant = await createTenant(sql);
  const token = await loginToken(app, tenant);
  const municipalityId = await createMunicipality(sql, tenant.accountId, { collectionDay: 'MIERCOLES' });
  const method = await createPaymentMethod(sql, tenant.accountId);
  const week = coverageWeekFor('MIERCOLES', businessToday());
  /** A 14-week loan whose payment `dueThisWeek` (1-based) falls on the coverage date. */
  const loan = async (opts: { dueThisWeek: number; rows?: RowState[]; nombre?: string; grupo?: number }) => {
    const clientId = await createClient(sql, tenant.accountId, municipalityId, { nombre: opts.nombre });
    return createLoan(sql, {
      accountId: tenant.accountId,
      clientId,
      municipalityId,
      paymentMethod: method,
      montoCredito: 7000,
      fechaInicio: addDays(week.coverageWeek, -7 * opts.dueThisWeek),
      grupo: opts.grupo ?? 1,
      rows: opts.rows ?? [],
    });
  };
  return { tenant, token, municipalityId, week, loan };
}

export const json = (token: string, body?: unknown, method = 'POST'): RequestInit => ({
  method,
  headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});
