import type { ClientInput } from '../../shared/clients/schemas';
import type { Client } from '../../shared/clients/types';
import type { Db } from '../db/connect';
import { FOREIGN_KEY_VIOLATION, pgErrorCode } from '../db/pg-errors';
import { inTowns } from '../scope/towns';
import type { Scope } from '../types';

interface ClientRow extends Omit<Client, 'municipalities' | 'created_at'> {
  municipality_name: string;
  created_at: Date;
}

const toClient = ({ municipality_name, created_at, ...row }: ClientRow): Client => ({
  ...row,
  municipalities: { name: municipality_name },
  created_at: created_at.toISOString(),
});

// Clients of the scope's towns with their municipality's name (docs/producto.md §3 `municipalities: { name }`); callers
// append the filter.
const clientSelect = (db: Db, scope: Scope) => db`
  select c.id, c.nombre, c.telefono, c.coordinadora, c.empleado, c.municipality_id, m.name as municipality_name,
    c.account_id, c.created_at
  from clients c
  join municipalities m on m.id = c.municipality_id and m.account_id = c.account_id
  where c.account_id = ${scope.accountId} ${inTowns(db, scope, 'c.municipality_id')}`;

export async function listClients(
  db: Db,
  scope: Scope,
  filter: { municipalityId?: number },
): Promise<Client[]> {
  const rows = await db<ClientRow[]>`${clientSelect(db, scope)}
    ${filter.municipalityId === undefined ? db`` : db`and c.municipality_id = ${filter.municipalityId}`}
    order by lower(c.nombre), c.id`;
  return rows.map(toClient);
}

export async function findClient(db: Db, scope: Scope, id: number): Promise<Client | undefined> {
  const [row] = await db<ClientRow[]>`${clientSelect(db, scope)} and c.id = ${id}`;
  return row && toClient(row);
}

export async function insertClient(db: Db, accountId: number, input: ClientInput): Promise<number> {
  const [row] = await db<{ id: number }[]>`insert into clients
      (account_id, municipality_id, nombre, telefono, coordinadora, empleado)
    values (${accountId}, ${input.municipality_id}, ${input.nombre}, ${input.telefono},
      ${input.coordinadora}, ${input.empleado})
    returning id`;
  return row!.id;
}

/** False when the id is not one of the scope's clients. */
export async function updateClient(db: Db, scope: Scope, id: number, input: ClientInput): Promise<boolean> {
  const rows =
    await db`update clients set municipality_id = ${input.municipality_id}, nombre = ${input.nombre},
      telefono = ${input.telefono}, coordinadora = ${input.coordinadora}, empleado = ${input.empleado},
      updated_at = now()
    where id = ${id} and account_id = ${scope.accountId} ${inTowns(db, scope, 'municipality_id')}
    returning id`;
  return rows.length > 0;
}

/** Loans keep their client (foreign key): a client with loans is refused, race-free, by Postgres itself. */
export async function deleteClient(
  db: Db,
  scope: Scope,
  id: number,
): Promise<'deleted' | 'not-found' | 'has-loans'> {
  try {
    const rows = await db`delete from clients
      where id = ${id} and account_id = ${scope.accountId} ${inTowns(db, scope, 'municipality_id')} returning id`;
    return rows.length > 0 ? 'deleted' : 'not-found';
  } catch (err) {
    if (pgErrorCode(err) === FOREIGN_KEY_VIOLATION) return 'has-loans';
    throw err;
  }
}
