// Seeds one demo business (DEMO_ACCOUNTS entry) with batched multi-row inserts.
import { addDays, type IsoDate } from '../../shared/dates';
import { amortizationStatus } from '../../shared/loans/derived';
import type { ModalidadPago } from '../../shared/loans/terms';
import { SEEDED_ROLES } from '../../shared/permissions';
import type { Db } from '../db/connect';
import { recomputeLoans } from '../loans/recompute';
import { insertExpenses, insertInvestments, insertLoans } from './demo-books';
import type { DemoAccount, SeededRole } from './demo-data';
import { LoanPlanner, type PlanMethod, SCENARIO_CYCLE } from './demo-loans';
import { draftClients } from './demo-people';
import { seededRandom } from './random';
import { zonedTime } from './zoned-time';

export interface DemoAccountSummary {
  accountId: number;
  name: string;
  emails: string[];
  municipalities: number;
  clients: number;
  loans: number;
  activos: number;
  vencidos: number;
  pagados: number;
  /** Old loans settled by a renewal. */
  renovados: number;
  /** New loans with previous_loan_id. */
  renovaciones: number;
  amortizations: number;
  partialRows: number;
  egresos: number;
  inversiones: number;
  /** Loans whose derived fields `recomputeLoans` had to change after seeding (0 when the plan is right). */
  recomputed: number;
}

export interface SeedAccountContext {
  today: IsoDate;
  timeZone: string;
  emailOf: (email: string) => string;
  /** A password hash per user of `spec.users`, in order. */
  passwordHashes: string[];
}

export async function seedDemoAccount(
  tx: Db,
  spec: DemoAccount,
  ctx: SeedAccountContext,
): Promise<DemoAccountSummary> {
  const { today, timeZone } = ctx;
  const rng = seededRandom(spec.seed);
  const at = (date: IsoDate, hour: number, minute = 0) => zonedTime(date, hour, minute, timeZone);
  // Old enough for the oldest demo loan (a MENSUAL loan paid off more than a year ago).
  const since = at(addDays(today, -540), 9);

  const [account] = await tx<{ id: number }[]>`insert into accounts (name, created_at)
    values (${spec.name}, ${since}) returning id`;
  const accountId = account!.id;

  const roleNames = Object.keys(SEEDED_ROLES) as SeededRole[];
  const roles = await tx<{ id: number; role_name: SeededRole }[]>`insert into roles
    ${tx(roleNames.map((role_name) => ({ account_id: accountId, role_name, created_at: since })))}
    returning id, role_name`;
  const roleId = new Map(roles.map((r) => [r.role_name, r.id]));
  // Acting across accounts is the platform operator's power: only the account that runs the installation has it.
  const permissionsOf = (role: SeededRole) =>
    SEEDED_ROLES[role].filter((p) => spec.managesAccounts || p !== 'CUENTAS_GESTIONAR');
  await tx`insert into role_permissions
    ${tx(roles.flatMap((r) => permissionsOf(r.role_name).map((permission) => ({ role_id: r.id, permission }))))}`;

  const users = await tx<{ id: number; email: string }[]>`insert into users ${tx(
    spec.users.map((u, i) => ({
      account_id: accountId,
      role_id: roleId.get(u.role)!,
      name: u.name,
      email: ctx.emailOf(u.email),
      password_hash: ctx.passwordHashes[i]!,
      created_at: since,
    })),
  )} returning id, email`;
  const userId = (role: SeededRole) => {
    const u = spec.users.find((x) => x.role === role);
    return u ? users.find((r) => r.email === ctx.emailOf(u.email))!.id : null;
  };
  const adminId = userId('ADMINISTRADOR')!;
  // Payments are recorded by the collector; an account without one has its admin do it.
  const collectorId = userId('COBRADOR') ?? adminId;

  const municipalities = await tx<{ id: number; name: string }[]>`insert into municipalities ${tx(
    spec.municipalities.map((m) => ({
      account_id: accountId,
      name: m.name,
      collection_day: m.collectionDay,
      created_at: since,
    })),
  )} returning id, name`;
  const municipalityId = new Map(municipalities.map((m) => [m.name, m.id]));

  const methods = await tx<{ id: number; modalidad_pago: ModalidadPago }[]>`insert into payment_methods ${tx(
    spec.methods.map((m) => ({
      account_id: accountId,
      modalidad_pago: m.modalidad,
      monto_minimo: m.montoMinimo,
      monto_maximo: m.montoMaximo,
      interes: m.interes,
      total_pagos: m.total_pagos,
      interes_coordinadora: m.interes_coordinadora,
      total_pagos_coordinadora: m.total_pagos_coordinadora,
      interes_empleado: m.interes_empleado,
      total_pagos_empleado: m.total_pagos_empleado,
      requiere_aval: m.requiereAval,
      created_at: since,
    })),
  )} returning id, modalidad_pago`;
  const planMethods = new Map<ModalidadPago, PlanMethod>(
    spec.methods.map((m) => [
      m.modalidad,
      { ...m, id: methods.find((r) => r.modalidad_pago === m.modalidad)!.id },
    ]),
  );

  await tx`insert into loan_params (account_id, comision_abonos_pct, comision_creditos_pct)
    values (${accountId}, ${spec.params.comisionAbonosPct}, ${spec.params.comisionCreditosPct})`;

  const clientRows = draftClients(spec, rng, municipalityId);

  const planner = new LoanPlanner(today, rng, planMethods);
  const scenarios = spec.scenarios ?? SCENARIO_CYCLE;
  let k = 0;
  for (const c of clientRows) {
    if (!spec.withoutLoan.includes(c.plan.index)) planner.plan(c.plan, scenarios[k++ % scenarios.length]!);
  }
  const loans = planner.finish();

  const firstLoan = new Map<number, IsoDate>();
  for (const l of loans) if (!firstLoan.has(l.client.index)) firstLoan.set(l.client.index, l.fechaInicio);
  const clients = await tx<{ id: number; nombre: string }[]>`insert into clients ${tx(
    clientRows.map((c) => ({
      account_id: accountId,
      municipality_id: c.plan.municipalityId,
      nombre: c.nombre,
      telefono: c.telefono,
      coordinadora: c.coordinadora,
      empleado: c.empleado,
      created_at: at(addDays(firstLoan.get(c.plan.index) ?? today, -rng.int(0, 10)), 9, rng.int(0, 59)),
    })),
  )} returning id, nombre`;
  const clientId = new Map(clients.map((c) => [c.nombre, c.id]));
  for (const c of clientRows) c.plan.id = clientId.get(c.nombre)!;

  await insertLoans(tx, accountId, loans, { adminId, collectorId, rng, at });
  const egresos = await insertExpenses(tx, accountId, spec, { today, rng, at, adminId });
  await insertInvestments(tx, accountId, spec, { today, rng, at, adminId });

  const recomputed = await recomputeLoans(tx, accountId, today);
  const allRows = loans.flatMap((l) => l.rows);
  return {
    accountId,
    name: spec.name,
    emails: users.map((u) => u.email),
    municipalities: municipalities.length,
    clients: clients.length,
    loans: loans.length,
    activos: loans.filter((l) => !l.derived.pagada && !l.derived.vencido).length,
    vencidos: loans.filter((l) => l.derived.vencido).length,
    pagados: loans.filter((l) => l.derived.pagada).length,
    renovados: loans.filter((l) => l.renewedOn !== null).length,
    renovaciones: loans.filter((l) => l.previous !== null).length,
    amortizations: allRows.length,
    partialRows: allRows.filter((r) => amortizationStatus(r) === 'Parcial').length,
    egresos,
    inversiones: spec.investments.length,
    recomputed: recomputed.length,
  };
}
