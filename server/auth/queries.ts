import type { SessionUser } from '../../shared/auth/types';
import { isPermission } from '../../shared/permissions';
import type { Db } from '../db/connect';
import type { MunicipalityScope } from '../types';

interface UserRow {
  id: number;
  name: string;
  email: string;
  account_id: number;
  account_name: string;
  role_id: number | null;
  role_name: string | null;
  permissions: string[];
  registrar_ubicacion: boolean;
  password_hash: string;
}

const toSessionUser = (row: UserRow): SessionUser => ({
  id: row.id,
  name: row.name,
  email: row.email,
  account_id: row.account_id,
  account_name: row.account_name,
  role_id: row.role_id,
  role_name: row.role_name,
  permissions: row.permissions.filter(isPermission),
  registrar_ubicacion: row.registrar_ubicacion,
});

// The user with the account name, role name and the role's current permissions (empty without a role).
// Callers append the `where`; the hash is read here but never leaves this module except from findUserByEmail.
const userSelect = (db: Db) => db`
  select u.id, u.name, u.email, u.password_hash, u.account_id, a.name as account_name, u.role_id, r.role_name,
    array(select rp.permission from role_permissions rp where rp.role_id = u.role_id order by rp.permission)
      as permissions,
    a.registrar_ubicacion
  from users u
  join accounts a on a.id = u.account_id
  left join roles r on r.id = u.role_id`;

export async function findUserByEmail(
  db: Db,
  email: string,
): Promise<{ user: SessionUser; passwordHash: string } | undefined> {
  const [row] = await db<UserRow[]>`${userSelect(db)} where lower(u.email) = lower(${email})`;
  return row && { user: toSessionUser(row), passwordHash: row.password_hash };
}

export async function findUserById(db: Db, id: number): Promise<SessionUser | undefined> {
  const [row] = await db<UserRow[]>`${userSelect(db)} where u.id = ${id}`;
  return row && toSessionUser(row);
}

/** What every request of a user is limited to: their account and, when the office limited them, their towns. */
export interface CurrentUser {
  accountId: number;
  municipios: MunicipalityScope;
}

/** The user's account and towns now, or null when the user no longer exists. */
export async function currentUserOf(db: Db, id: number): Promise<CurrentUser | null> {
  const [row] = await db<{ account_id: number; todos: boolean; ids: number[] }[]>`select u.account_id,
      u.todos_municipios as todos,
      array(select um.municipality_id from user_municipalities um where um.user_id = u.id
        order by um.municipality_id) as ids
    from users u where u.id = ${id}`;
  if (!row) return null;
  return { accountId: row.account_id, municipios: row.todos ? null : row.ids.map(Number) };
}

/**
 * Replaces a hash with a stronger one of the same password, only if the row still holds `expected`: a password
 * changed while the login ran is kept. Not a change of the user's data, so `updated_at` stays.
 */
export async function replacePasswordHash(
  db: Db,
  userId: number,
  expected: string,
  next: string,
): Promise<boolean> {
  const rows = await db`update users set password_hash = ${next}
    where id = ${userId} and password_hash = ${expected}`;
  return rows.count === 1;
}

export async function insertRefreshToken(
  db: Db,
  token: { userId: number; familyId: string; tokenHash: string; ttlDays: number },
): Promise<void> {
  await db`insert into refresh_tokens (user_id, family_id, token_hash, expires_at)
    values (${token.userId}, ${token.familyId}, ${token.tokenHash}, now() + make_interval(days => ${token.ttlDays}))`;
}

export interface RefreshTokenRow {
  id: number;
  user_id: number;
  family_id: string;
  expired: boolean;
  rotated: boolean;
  /** Rotated less than the grace ago: presenting it again is a retry, not a theft. */
  rotated_recently: boolean;
  revoked: boolean;
}

/**
 * Locks the row (`for update`) for the rest of the transaction: a second refresh with the same token waits,
 * then sees it rotated (and by when), so two concurrent refreshes never both take it as unused.
 */
export async function lockRefreshTokenByHash(
  db: Db,
  tokenHash: string,
  reuseGraceSeconds = 0,
): Promise<RefreshTokenRow | undefined> {
  const [row] = await db<RefreshTokenRow[]>`
    select id, user_id, family_id, expires_at <= now() as expired,
      rotated_at is not null as rotated,
      coalesce(rotated_at > now() - make_interval(secs => ${reuseGraceSeconds}), false) as rotated_recently,
      revoked_at is not null as revoked
    from refresh_tokens where token_hash = ${tokenHash}
    for update`;
  return row;
}

export async function markRefreshTokenRotated(db: Db, id: number): Promise<void> {
  await db`update refresh_tokens set rotated_at = now() where id = ${id}`;
}

export async function revokeRefreshFamily(db: Db, familyId: string): Promise<void> {
  await db`update refresh_tokens set revoked_at = now() where family_id = ${familyId} and revoked_at is null`;
}

export async function revokeFamilyOfToken(db: Db, tokenHash: string): Promise<void> {
  await db`update refresh_tokens set revoked_at = now()
    where family_id = (select family_id from refresh_tokens where token_hash = ${tokenHash})
      and revoked_at is null`;
}

/** Rotated tokens are kept until they expire (reuse detection needs them); after that they are noise. */
export async function deleteExpiredRefreshTokens(db: Db, userId: number): Promise<void> {
  await db`delete from refresh_tokens where user_id = ${userId} and expires_at < now()`;
}
