import type { AccountInput } from '../../shared/accounts/schemas';
import type { Account } from '../../shared/accounts/types';
import type { Db, Sql } from '../db/connect';
import { FOREIGN_KEY_VIOLATION, pgErrorCode } from '../db/pg-errors';
import { provisionAccount } from './account-defaults';

interface AccountRow extends Omit<Account, 'created_at'> {
  created_at: Date;
}

const toAccount = (row: AccountRow): Account => ({ ...row, created_at: row.created_at.toISOString() });

export async function listAccounts(db: Db): Promise<Account[]> {
  const rows = await db<AccountRow[]>`select id, name, created_at from accounts order by id`;
  return rows.map(toAccount);
}

export async function findAccount(db: Db, id: number): Promise<Account | undefined> {
  const [row] = await db<AccountRow[]>`select id, name, created_at from accounts where id = ${id}`;
  return row && toAccount(row);
}

/** Names are unique ignoring case and surrounding spaces, so the account select never shows two alike. */
export async function accountNameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db<{ taken: boolean }[]>`select exists(
    select 1 from accounts where lower(btrim(name)) = lower(btrim(${name})) and id <> ${exceptId ?? 0}) as taken`;
  return row!.taken;
}

/** A new account with what it needs to lend from its first day (roles, payment methods, parameters, catalogue). */
export async function insertAccount(sql: Sql, input: AccountInput): Promise<Account> {
  return sql.begin(async (tx) => {
    const [row] = await tx<AccountRow[]>`insert into accounts (name) values (${input.name})
      returning id, name, created_at`;
    await provisionAccount(tx, row!.id);
    return toAccount(row!);
  });
}

export async function updateAccount(db: Db, id: number, input: AccountInput): Promise<Account | undefined> {
  const [row] = await db<AccountRow[]>`update accounts set name = ${input.name} where id = ${id}
    returning id, name, created_at`;
  return row && toAccount(row);
}

/**
 * Deletes an account that holds no data. Its configuration (roles, loan parameters, payment methods, expense
 * catalogue, and the version and tombstones those wrote) goes with it; users, municipalities, clients, loans,
 * sheets, egresos… (anything else pointing at it, a payment method in use included) make Postgres refuse the
 * delete, and the whole transaction is rolled back.
 */
export async function deleteEmptyAccount(
  sql: Sql,
  id: number,
): Promise<'deleted' | 'not-found' | 'has-data'> {
  try {
    return await sql.begin(async (tx) => {
      const [user] = await tx`select 1 from users where account_id = ${id} limit 1`;
      if (user) return 'has-data' as const;
      await tx`delete from roles where account_id = ${id}`;
      await tx`delete from loan_params where account_id = ${id}`;
      await tx`delete from payment_methods where account_id = ${id}`;
      await tx`delete from catalogo_egresos where account_id = ${id}`;
      // With no user, no device ever pulled this account: its sync history is only that of its configuration.
      await tx`delete from sync_tombstones where account_id = ${id}`;
      await tx`delete from sync_versions where account_id = ${id}`;
      const rows = await tx`delete from accounts where id = ${id} returning id`;
      return rows.length > 0 ? ('deleted' as const) : ('not-found' as const);
    });
  } catch (err) {
    if (pgErrorCode(err) === FOREIGN_KEY_VIOLATION) return 'has-data';
    throw err;
  }
}
