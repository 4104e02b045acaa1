import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/connect';

/** A phone unused this long for an account is a stranger to it again. */
const KNOWN_FOR_DAYS = 180;

/** Only the hash is stored, as with refresh tokens: 32 random bytes need no slow KDF. */
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The id the limiter keys a device by, when the phone holding `token` signed in as `email` before; else null.
 * Read before the password is checked (it decides which limits apply), so it costs one indexed lookup.
 */
export async function knownDeviceOf(db: Db, token: string, email: string): Promise<string | null> {
  const tokenHash = hashOf(token);
  const [row] = await db`select 1 from known_devices d join users u on u.id = d.user_id
    where d.token_hash = ${tokenHash} and lower(u.email) = lower(${email})
      and d.last_used_at > now() - make_interval(days => ${KNOWN_FOR_DAYS})`;
  return row ? tokenHash : null;
}

/**
 * After a successful login: the phone's token now knows this user too. A token the server issued before (to
 * any user of this phone) is kept, so one value per phone serves every user who signs in on it; anything else
 * gets a new one. Returns the token for the phone to keep.
 */
export async function rememberDevice(db: Db, userId: number, presented: string | undefined): Promise<string> {
  const issued =
    presented !== undefined &&
    (await db`select 1 from known_devices where token_hash = ${hashOf(presented)} limit 1`).length > 0;
  const token = issued ? presented : randomBytes(32).toString('base64url');
  await db`insert into known_devices (token_hash, user_id) values (${hashOf(token)}, ${userId})
    on conflict (token_hash, user_id) do update set last_used_at = now()`;
  await db`delete from known_devices
    where user_id = ${userId} and last_used_at < now() - make_interval(days => ${KNOWN_FOR_DAYS})`;
  return token;
}
