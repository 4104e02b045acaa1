import type { MunicipalityInput, MunicipalityUpdateInput } from '../../shared/municipalities/schemas';
import type { Municipality } from '../../shared/municipalities/types';
import type { Db } from '../db/connect';
import { inTowns } from '../scope/towns';
import type { Scope } from '../types';

interface MunicipalityRow extends Omit<Municipality, 'created_at'> {
  created_at: Date;
}

const toMunicipality = (row: MunicipalityRow): Municipality => ({
  ...row,
  created_at: row.created_at.toISOString(),
});

// The column is `deleted` (a reserved word otherwise); SPEC's wire name is `delete`.
const columns = (db: Db) => db`id, name, collection_day, deleted as "delete", created_at`;

export async function listMunicipalities(db: Db, scope: Scope, deleted: boolean): Promise<Municipality[]> {
  const rows = await db<MunicipalityRow[]>`select ${columns(db)} from municipalities
    where account_id = ${scope.accountId} and deleted = ${deleted} ${inTowns(db, scope, 'id')}
    order by lower(name), id`;
  return rows.map(toMunicipality);
}

/** Deleted ones too: a loan or client may still point at a soft-deleted municipality. */
export async function findMunicipality(db: Db, scope: Scope, id: number): Promise<Municipality | undefined> {
  const [row] = await db<MunicipalityRow[]>`select ${columns(db)} from municipalities
    where id = ${id} and account_id = ${scope.accountId} ${inTowns(db, scope, 'id')}`;
  return row && toMunicipality(row);
}

export async function insertMunicipality(
  db: Db,
  accountId: number,
  input: MunicipalityInput,
): Promise<Municipality> {
  const [row] = await db<MunicipalityRow[]>`insert into municipalities (account_id, name, collection_day)
    values (${accountId}, ${input.name}, ${input.collection_day})
    returning ${columns(db)}`;
  return toMunicipality(row!);
}

/** Changes only the fields given; undefined when the id is not one of the scope's. */
export async function updateMunicipality(
  db: Db,
  scope: Scope,
  id: number,
  input: MunicipalityUpdateInput,
): Promise<Municipality | undefined> {
  const [row] = await db<MunicipalityRow[]>`update municipalities set
      name = coalesce(${input.name ?? null}::text, name),
      collection_day = coalesce(${input.collection_day ?? null}::text, collection_day),
      deleted = coalesce(${input.delete ?? null}::boolean, deleted),
      updated_at = now()
    where id = ${id} and account_id = ${scope.accountId} ${inTowns(db, scope, 'id')}
    returning ${columns(db)}`;
  return row && toMunicipality(row);
}
