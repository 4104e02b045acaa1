// Access tokens an attacker could present, each wrong in one way, built from a real token's claims.
import { decodeJwt, SignJWT, UnsecuredJWT } from 'jose';
import { testConfig } from '../helpers/test-db';

const key = (secret: string) => new TextEncoder().encode(secret);
const now = () => Math.floor(Date.now() / 1000);

/** A token with the real token's claims (and `changes`), signed with `secret` and `alg`. */
async function resign(
  real: string,
  opts: { secret?: string; alg?: string; iat?: number; exp?: number; changes?: Record<string, unknown> } = {},
) {
  const { sub, iss, iat, exp, ...claims } = decodeJwt(real);
  return new SignJWT({ ...claims, ...opts.changes })
    .setProtectedHeader({ alg: opts.alg ?? 'HS256', typ: 'JWT' })
    .setSubject(String(sub))
    .setIssuer(String(iss))
    .setIssuedAt(opts.iat ?? iat ?? now())
    .setExpirationTime(opts.exp ?? exp ?? now() + 900)
    .sign(key(opts.secret ?? testConfig().jwtSecret));
}

/**
 * Forgeries of `real` (a valid token of the attacking user): each must answer 401 on every authenticated route.
 * The tokens of deleted users are made by the caller (they need a user to delete).
 */
export async function forgeries(real: string, otherAccountId: number): Promise<Record<string, string>> {
  const { sub, iss, iat, exp, ...claims } = decodeJwt(real);
  const [header, payload] = real.split('.');
  const foreignClaims = Buffer.from(
    JSON.stringify({ ...decodeJwt(real), acc: otherAccountId, perms: ['CUENTAS_GESTIONAR'] }),
  ).toString('base64url');
  return {
    'firmado con otra clave': await resign(real, { secret: 'otra-clave-de-32-caracteres-o-mas-0123456789' }),
    'alg none': new UnsecuredJWT({ ...claims })
      .setSubject(String(sub))
      .setIssuer(String(iss))
      .setIssuedAt(now())
      .setExpirationTime(now() + 900)
      .encode(),
    // The same key under another HMAC: only HS256 is accepted.
    'HS512 con la clave correcta': await resign(real, { alg: 'HS512' }),
    vencido: await resign(real, { iat: now() - 3600, exp: now() - 60 }),
    // The real signature over claims changed to another account with every power.
    'claims cambiados, firma original': `${header}.${foreignClaims}.${real.split('.')[2]}`,
    'sin firma': `${header}.${payload}.`,
    basura: 'no-es-un-jwt',
  };
}
