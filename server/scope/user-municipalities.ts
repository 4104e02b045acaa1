// Assigned municipalities (docs/reglas-del-negocio.md): a user reads every municipality of the account, or only a list.
import { currentUserOf } from '../auth/queries';
import type { Db } from '../db/connect';
import type { MunicipalityScope } from '../types';

/** The user's towns as the request's own transaction reads them (the pull's snapshot); none for a missing user. */
export async function userMunicipalities(db: Db, userId: number): Promise<MunicipalityScope> {
  const user = await currentUserOf(db, userId);
  return user ? user.municipios : [];
}

/** A short fingerprint of the scope for the pull cursor: 0 for every municipality. */
export function scopeKey(scope: MunicipalityScope): number {
  if (scope === null) return 0;
  // FNV-1a over the sorted ids: a changed list makes a different key, so the device's next pull resets.
  let hash = 0x811c9dc5;
  for (const ch of `[${[...scope].sort((a, b) => a - b).join(',')}]`) {
    hash ^= ch.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash || 1;
}
