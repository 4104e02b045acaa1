import { randomUUID } from 'node:crypto';
import type { LoginResponse, RefreshResponse, SessionUser } from '../../shared/auth/types';
import type { Db, Sql } from '../db/connect';
import {
  deleteExpiredRefreshTokens,
  findUserById,
  insertRefreshToken,
  lockRefreshTokenByHash,
  markRefreshTokenRotated,
  revokeFamilyOfToken,
  revokeRefreshFamily,
} from './queries';
import { hashRefreshToken, newRefreshToken, REFRESH_TOKEN_TTL_DAYS, signAccessToken } from './tokens';

async function issueRefreshToken(db: Db, userId: number, familyId: string): Promise<string> {
  const { token, hash } = newRefreshToken();
  await insertRefreshToken(db, { userId, familyId, tokenHash: hash, ttlDays: REFRESH_TOKEN_TTL_DAYS });
  return token;
}

/** A login starts a new refresh-token family. */
export async function startSession(sql: Sql, secret: string, user: SessionUser): Promise<LoginResponse> {
  await deleteExpiredRefreshTokens(sql, user.id);
  const refreshToken = await issueRefreshToken(sql, user.id, randomUUID());
  return { token: await signAccessToken(secret, user), refreshToken, user };
}

/**
 * How long a rotated refresh token still answers. Two requests of one phone can carry the same token (two
 * tabs racing, or an answer lost in a dropped connection and then retried): the second must not sign the
 * collector out. Past it, a rotated token coming back is a copy being replayed.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 10;

/**
 * Rotates a refresh token in one transaction, holding its row lock: unknown, expired or revoked → null;
 * rotated within the grace → another successor in the same family (the first one stays valid); rotated
 * before it → the whole family is revoked, then null. The user and the permissions are re-read, so a role
 * change applies here.
 */
export async function rotateSession(
  sql: Sql,
  secret: string,
  rawToken: string,
): Promise<Required<RefreshResponse> | null> {
  const rotated = await sql.begin(async (tx) => {
    const row = await lockRefreshTokenByHash(tx, hashRefreshToken(rawToken), REFRESH_REUSE_GRACE_SECONDS);
    if (!row || row.revoked) return null;
    if (row.rotated && !row.rotated_recently) {
      // Returning (not throwing) commits the revocation.
      await revokeRefreshFamily(tx, row.family_id);
      return null;
    }
    if (row.expired) return null;
    const user = await findUserById(tx, row.user_id);
    if (!user) return null;
    // A retry inside the grace leaves rotated_at alone, so retries cannot stretch the grace.
    if (!row.rotated) await markRefreshTokenRotated(tx, row.id);
    return { user, refreshToken: await issueRefreshToken(tx, user.id, row.family_id) };
  });
  if (!rotated) return null;
  return {
    access_token: await signAccessToken(secret, rotated.user),
    refresh_token: rotated.refreshToken,
    user: rotated.user,
  };
}

/** Idempotent: an unknown or already revoked token is not an error. */
export async function endSession(sql: Sql, rawToken: string): Promise<void> {
  await revokeFamilyOfToken(sql, hashRefreshToken(rawToken));
}
