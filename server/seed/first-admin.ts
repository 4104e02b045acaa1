// A production installation starts with SEED_DEMO=false on an empty database: no demo users to sign in with.
// The first administrator then comes from ADMIN_EMAIL / ADMIN_PASSWORD (and ADMIN_ACCOUNT_NAME, ADMIN_NAME),
// with an account that can lend from its first day; without them the server refuses to start, rather than
// running with nobody able to sign in.
import * as v from 'valibot';
import { registerUserSchema } from '../../shared/users/schemas';
import { provisionAccount } from '../accounts/account-defaults';
import { hashPassword } from '../auth/passwords';
import type { Sql } from '../db/connect';
import { ensurePermissionCatalogue } from '../roles/queries';
import { SEED_LOCK } from './demo';

export interface FirstAdmin {
  email: string;
  password: string;
  name: string;
  accountName: string;
}

const firstAdminSchema = v.object({
  email: registerUserSchema.entries.email,
  password: registerUserSchema.entries.password,
});

export const firstAdminMessages = {
  faltan:
    'Con SEED_DEMO=false y la base de datos vacía, defina ADMIN_EMAIL y ADMIN_PASSWORD para crear el primer administrador',
  invalido: (detalle: string) => `ADMIN_EMAIL / ADMIN_PASSWORD no son válidos: ${detalle}`,
};

/** A setting the operator must fix before the server can start. */
export class FirstAdminError extends Error {}

/** The first administrator the environment describes; throws (in Spanish) when it is missing or invalid. */
export function firstAdminFromEnv(env: NodeJS.ProcessEnv): FirstAdmin {
  const email = env.ADMIN_EMAIL?.trim() ?? '';
  const password = env.ADMIN_PASSWORD ?? '';
  if (!email || !password) throw new FirstAdminError(firstAdminMessages.faltan);
  const parsed = v.safeParse(firstAdminSchema, { email, password });
  if (!parsed.success) throw new FirstAdminError(firstAdminMessages.invalido(parsed.issues[0].message));
  return {
    ...parsed.output,
    name: env.ADMIN_NAME?.trim() || 'Administrador',
    accountName: env.ADMIN_ACCOUNT_NAME?.trim() || 'Mi negocio',
  };
}

/**
 * Creates the first account and its administrator (every permission, account management included) when the
 * database has no account yet; false (and nothing written) otherwise. `admin` is only called then, so a
 * database that already has users starts without ADMIN_* variables.
 */
export async function createFirstAdmin(sql: Sql, admin: () => FirstAdmin): Promise<boolean> {
  return sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(${SEED_LOCK})`;
    const [row] = await tx<{ any: boolean }[]>`select exists (select 1 from accounts) as any`;
    if (row!.any) return false;
    const first = admin();
    await ensurePermissionCatalogue(tx);
    const [account] = await tx<{ id: number }[]>`insert into accounts (name) values (${first.accountName})
      returning id`;
    const roles = await provisionAccount(tx, account!.id, { managesAccounts: true });
    await tx`insert into users (account_id, role_id, name, email, password_hash)
      values (${account!.id}, ${roles.ADMINISTRADOR}, ${first.name}, ${first.email},
        ${await hashPassword(first.password)})`;
    return true;
  });
}
