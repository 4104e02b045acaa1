// Assigned municipalities (docs/reglas-del-negocio.md), the one filter every read and write of a town's data goes through, the way
// `account_id` is: a limited user's request reaches only rows whose municipality is theirs, and anything else
// answers exactly as a row that does not exist (404, or left out of a list, a total or a file).
import type { Db } from '../db/connect';
import type { Scope } from '../types';

/** `and <column> = any(<towns>)` for a limited user; nothing for one who has every town of the account. */
export function inTowns(db: Db, scope: Scope, column: string) {
  if (scope.municipios === null) return db``;
  return db`and ${db(column)} = any(${db.array([...scope.municipios])}::bigint[])`;
}
