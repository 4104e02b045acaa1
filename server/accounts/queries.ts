import type { AccountInput } from '../../shared/accounts/schemas';
import type { Account } from '../../shared/accounts/types';
import type { Db, Sql } from '../db/connect';
import { FOREIGN_KEY_VIOLATION, pgErrorCode } from '../db/pg-errors';

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

export async function insertAccount(db: Db, input: AccountInput): Promise<Account> {
  const [row] = await db<AccountRow[]>`insert into accounts (name) values (${input.name})
    returning id, name, created_at`;
  return toAccount(row!);
}

export async function updateAccount(db: Db, id: number, input: AccountInput): Promise<Account | undefined> {
  const [row] = await db<AccountRow[]>`update accounts set name = ${input.name} where id = ${id}
    returning id, name, created_at`;
  return row && toAccount(row);
}

/**
 * Deletes an account that holds no data. Its roles and loan parameters are configuration and go with it;
 * users, municipalities, clients, loans, sheets, egresos… (anything else pointing at it, sync history
 * included) make Postgres refuse the delete, and the whole transaction is rolled back.
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
      const rows = await tx`delete from accounts where id = ${id} returning id`;
      return rows.length > 0 ? ('deleted' as const) : ('not-found' as const);
    });
  } catch (err) {
    if (pgErrorCode(err) === FOREIGN_KEY_VIOLATION) return 'has-data';
    throw err;
  }
}
