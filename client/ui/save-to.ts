import { apiPost, apiPut } from '../session/api-client';
import { conflictOnField } from '../session/conflict-on-field';

/**
 * The `save` of a useEditDialog over the usual pair of calls: POST `create` for a new row, PUT
 * `update(row)` for an edit (POST always when there is no update). `body` turns the parsed payload into
 * what travels (importe back to pesos); a 409 about `conflictOn` (a duplicate name) is said under that
 * field.
 */
export function saveTo<Row, Payload>(endpoints: {
  create: string;
  update?: (row: Row) => string;
  body?: (payload: Payload) => unknown;
  conflictOn?: string;
}) {
  const { create, update, body, conflictOn } = endpoints;
  return async (payload: Payload, editing: Row | null): Promise<unknown> => {
    const data = body ? body(payload) : payload;
    try {
      return editing === null || !update ? await apiPost(create, data) : await apiPut(update(editing), data);
    } catch (error) {
      throw conflictOn ? conflictOnField(error, conflictOn) : error;
    }
  };
}
