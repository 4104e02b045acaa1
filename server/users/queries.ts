import type { UserListItem } from '../../shared/users/types';
import type { Db, Sql } from '../db/connect';
import { FOREIGN_KEY_VIOLATION, pgErrorCode, UNIQUE_VIOLATION } from '../db/pg-errors';

interface UserRow extends Omit<UserListItem, 'created_at' | 'municipios'> {
  created_at: Date;
  municipios: string[] | null;
  role_permissions: string[];
}

/** A user with the permissions of their current role (empty without a role), for the "no escalation" checks. */
export interface ManagedUser {
  user: UserListItem;
  rolePermissions: string[];
}

const toManaged = ({ role_permissions, created_at, municipios, ...user }: UserRow): ManagedUser => ({
  user: { ...user, municipios: municipios?.map(Number) ?? null, created_at: created_at.toISOString() },
  rolePermissions: role_permissions,
});

// Never selects password_hash. `accountId` null means every account (CUENTAS_GESTIONAR).
const userSelect = (db: Db, accountId: number | null) => db`
  select u.id, u.name, u.email, u.account_id, a.name as account_name, u.role_id, r.role_name, u.created_at,
    case when u.todos_municipios then null else array(select um.municipality_id from user_municipalities um
      where um.user_id = u.id order by um.municipality_id) end as municipios,
    array(select rp.permission from role_permissions rp where rp.role_id = u.role_id) as role_permissions
  from users u
  left join accounts a on a.id = u.account_id
  left join roles r on r.id = u.role_id
  where (${accountId}::bigint is null or u.account_id = ${accountId})`;

export async function listUsers(db: Db, accountId: number | null): Promise<UserListItem[]> {
  const rows = await db<UserRow[]>`${userSelect(db, accountId)} order by u.id`;
  return rows.map((row) => toManaged(row).user);
}

export async function findUser(
  db: Db,
  accountId: number | null,
  id: number,
): Promise<ManagedUser | undefined> {
  const [row] = await db<UserRow[]>`${userSelect(db, accountId)} and u.id = ${id}`;
  return row && toManaged(row);
}

export interface UserWrite {
  name: string;
  email: string;
  account_id: number;
  role_id: number | null;
  passwordHash?: string;
}

/** users.email is unique ignoring case (index on lower(email)): a taken email comes back as 'duplicate'. */
export async function insertUser(
  db: Db,
  input: UserWrite & { passwordHash: string },
): Promise<number | 'duplicate'> {
  try {
    const [row] = await db<
      { id: number }[]
    >`insert into users (account_id, role_id, name, email, password_hash)
      values (${input.account_id}, ${input.role_id}, ${input.name}, ${input.email}, ${input.passwordHash})
      returning id`;
    return row!.id;
  } catch (err) {
    if (pgErrorCode(err) === UNIQUE_VIOLATION) return 'duplicate';
    throw err;
  }
}

/**
 * Updates the user (the hash only when a new password is given). With `endSessions`, the user's refresh
 * tokens are revoked in the same transaction: a reset password or a move to another account signs them out.
 */
export async function updateUser(
  sql: Sql,
  id: number,
  input: UserWrite,
  endSessions: boolean,
  /** More writes in the same transaction (the municipality assignment). */
  also?: (tx: Db) => Promise<void>,
): Promise<'updated' | 'not-found' | 'duplicate'> {
  try {
    return await sql.begin(async (tx) => {
      const rows =
        await tx`update users set name = ${input.name}, email = ${input.email}, account_id = ${input.account_id},
          role_id = ${input.role_id}, password_hash = coalesce(${input.passwordHash ?? null}::text, password_hash),
          updated_at = now()
        where id = ${id}
        returning id`;
      if (rows.length === 0) return 'not-found' as const;
      if (endSessions)
        await tx`update refresh_tokens set revoked_at = now() where user_id = ${id} and revoked_at is null`;
      await also?.(tx);
      return 'updated' as const;
    });
  } catch (err) {
    if (pgErrorCode(err) === UNIQUE_VIOLATION) return 'duplicate';
    throw err;
  }
}

/** Loans, payments and the audit log keep who did them: a user with such history cannot be deleted. */
export async function deleteUser(db: Db, id: number): Promise<'deleted' | 'has-history'> {
  try {
    await db`delete from users where id = ${id}`;
    return 'deleted';
  } catch (err) {
    if (pgErrorCode(err) === FOREIGN_KEY_VIOLATION) return 'has-history';
    throw err;
  }
}

/**
 * Sets the municipalities the user works (null: all of the account's). 'invalid' when a listed id is not a
 * municipality of the user's account. The user's devices reset their store at the next pull (a new scope).
 */
export async function setUserMunicipalities(
  db: Db,
  userId: number,
  accountId: number,
  municipios: readonly number[] | null,
): Promise<'set' | 'invalid'> {
  if (municipios !== null && municipios.length > 0) {
    const [row] = await db<{ n: number }[]>`select count(*)::int as n from municipalities
      where account_id = ${accountId} and id = any(${db.array([...municipios])}::bigint[])`;
    if (row!.n !== municipios.length) return 'invalid';
  }
  await db`update users set todos_municipios = ${municipios === null} where id = ${userId}`;
  await db`delete from user_municipalities where user_id = ${userId}`;
  if (municipios !== null && municipios.length > 0)
    await db`insert into user_municipalities ${db(municipios.map((id) => ({ user_id: userId, municipality_id: id })))}`;
  return 'set';
}
