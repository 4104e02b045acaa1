import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { SessionUser } from '../../shared/auth/types';
import { AppError } from '../../shared/errors';
import { mensajes } from '../../shared/messages';
import { isPermission } from '../../shared/permissions';
import type { TokenInfo } from '../types';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** docs/sincronizacion.md "Offline auth": longer than a long field trip, so a collector back online can still refresh. */
export const REFRESH_TOKEN_TTL_DAYS = 30;

const ISSUER = 'prestamos';
const ALG = 'HS256';

// The HMAC key imported once per secret: given the secret's bytes, jose imports them into a CryptoKey on every
// signature and verification (a WebCrypto call on each request).
const keys = new Map<string, Promise<CryptoKey>>();
const keyOf = (secret: string): Promise<CryptoKey> => {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    keys.set(secret, key);
  }
  return key;
};

/** Claims: sub (user id), acc (account id), rid (role id), role (role name), perms (permission names). */
export async function signAccessToken(
  secret: string,
  user: SessionUser,
  now = Math.floor(Date.now() / 1000),
) {
  return new SignJWT({
    acc: user.account_id,
    rid: user.role_id,
    role: user.role_name,
    perms: user.permissions,
  })
    .setProtectedHeader({ alg: ALG, typ: 'JWT' })
    .setSubject(String(user.id))
    .setIssuer(ISSUER)
    .setIssuedAt(now)
    .setExpirationTime(now + ACCESS_TOKEN_TTL_SECONDS)
    .sign(await keyOf(secret));
}

const unauthenticated = () => new AppError('UNAUTHENTICATED', mensajes.noAutenticado);

const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** A valid, unexpired token from this issuer, or UNAUTHENTICATED (never a 500, whatever the input). */
export async function verifyAccessToken(secret: string, token: string): Promise<TokenInfo> {
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, await keyOf(secret), { issuer: ISSUER, algorithms: [ALG] }));
  } catch {
    throw unauthenticated();
  }
  const userId = Number(payload.sub);
  const { acc, rid, role, perms } = payload;
  if (!isId(userId) || !isId(acc)) throw unauthenticated();
  if (rid !== null && !isId(rid)) throw unauthenticated();
  if (role !== null && typeof role !== 'string') throw unauthenticated();
  if (!Array.isArray(perms)) throw unauthenticated();
  return {
    userId,
    accountId: acc,
    roleId: rid,
    roleName: role,
    // A permission retired from the catalogue simply stops counting.
    permissions: perms.filter((p): p is string => typeof p === 'string').filter(isPermission),
  };
}

/** Only the hash is stored: a leaked table cannot be replayed. 32 random bytes need no slow KDF. */
export const hashRefreshToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}
