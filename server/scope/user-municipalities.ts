// Assigned municipalities (DESIGN §9): a user reads every municipality of the account, or only a list.
import type { Db } from '../db/connect';

/** null: every municipality of the account; otherwise the ids the user is assigned (maybe none). */
export type MunicipalityScope = readonly number[] | null;

export async function userMunicipalities(db: Db, userId: number): Promise<MunicipalityScope> {
  const [row] = await db<{ todos: boolean; ids: string[] }[]>`select u.todos_municipios as todos,
      array(select um.municipality_id from user_municipalities um where um.user_id = u.id
        order by um.municipality_id) as ids
    from users u where u.id = ${userId}`;
  if (!row) return [];
  return row.todos ? null : row.ids.map(Number);
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
