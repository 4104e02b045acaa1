import type { ScryptCost } from '../config';
import type { Db } from '../db/connect';
import { hashPassword, needsRehash } from './passwords';
import { replacePasswordHash } from './queries';

/**
 * After a correct password, a hash weaker than `cost` is rewritten with it: the password is only in hand at a
 * login, so raising the cost can only happen here. A failure keeps the old hash and never fails the login.
 */
export async function raisePasswordCost(
  db: Db,
  userId: number,
  stored: string,
  password: string,
  cost: ScryptCost,
): Promise<void> {
  if (!needsRehash(stored, cost)) return;
  try {
    await replacePasswordHash(db, userId, stored, await hashPassword(password, cost));
  } catch (err) {
    console.warn('[auth] no se pudo reescribir el hash de la contraseña', userId, err);
  }
}
