// A benchmark account: the seeded roles, an administrator and a collector who can sign in, loan_params.
import { randomUUID } from 'node:crypto';
import { hashPassword } from '../../server/auth/passwords';
import type { Db } from '../../server/db/connect';
import { PERMISSIONS, SEEDED_ROLES } from '../../shared/permissions';

export const BENCH_PASSWORD = 'bench1234';

export interface BenchTenant {
  accountId: number;
  adminId: number;
  adminEmail: string;
  collectorId: number;
  collectorEmail: string;
  password: string;
}

type RoleName = keyof typeof SEEDED_ROLES;

/** A new account (unique emails per call), like the demo seed makes one, without any books yet. */
export async function createBenchTenant(db: Db, opts: { name?: string } = {}): Promise<BenchTenant> {
  const tag = randomUUID().slice(0, 8);
  await db`insert into permissions ${db(
    Object.entries(PERMISSIONS).map(([permission, description]) => ({ permission, description })),
  )} on conflict (permission) do nothing`;
  const [account] = await db<{ id: number }[]>`insert into accounts (name)
    values (${opts.name ?? `Benchmark ${tag}`}) returning id`;
  const accountId = account!.id;
  const roleNames = Object.keys(SEEDED_ROLES) as RoleName[];
  const roles = await db<{ id: number; role_name: RoleName }[]>`insert into roles
    ${db(roleNames.map((role_name) => ({ account_id: accountId, role_name })))} returning id, role_name`;
  await db`insert into role_permissions ${db(
    roles.flatMap((r) => SEEDED_ROLES[r.role_name].map((permission) => ({ role_id: r.id, permission }))),
  )}`;
  const roleId = (name: RoleName) => roles.find((r) => r.role_name === name)!.id;
  const [adminHash, collectorHash] = await Promise.all([
    hashPassword(BENCH_PASSWORD),
    hashPassword(BENCH_PASSWORD),
  ]);
  const adminEmail = `admin-${tag}@bench.mx`;
  const collectorEmail = `cobrador-${tag}@bench.mx`;
  const users = await db<{ id: number; email: string }[]>`insert into users ${db([
    {
      account_id: accountId,
      role_id: roleId('ADMINISTRADOR'),
      name: 'Administrador Benchmark',
      email: adminEmail,
      password_hash: adminHash,
    },
    {
      account_id: accountId,
      role_id: roleId('COBRADOR'),
      name: 'Cobrador Benchmark',
      email: collectorEmail,
      password_hash: collectorHash,
    },
  ])} returning id, email`;
  await db`insert into loan_params (account_id, comision_abonos_pct, comision_creditos_pct)
    values (${accountId}, 5, 3) on conflict (account_id) do nothing`;
  return {
    accountId,
    adminId: users.find((u) => u.email === adminEmail)!.id,
    adminEmail,
    collectorId: users.find((u) => u.email === collectorEmail)!.id,
    collectorEmail,
    password: BENCH_PASSWORD,
  };
}
