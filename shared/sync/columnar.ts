// The compact pull page (issue 13): each entity's rows as columns — the field names once, then every row as
// an array of values in that order — instead of one object per row that repeats every key. Same values, same
// JSON types (money stays pesos as numbers, dates strings, nulls null); the device turns it back into the
// rows it stores. Negotiated: a device asks with `format: 'columnas'`, older ones keep getting objects.
import type { PullResponse, SyncChanges, SyncEntity, Tombstone } from './types';

export const COLUMNAR_FORMAT = 'columnas';

export interface ColumnarRows {
  columns: string[];
  rows: unknown[][];
}

export type ColumnarChanges = Record<SyncEntity, ColumnarRows>;

/** A pull page on the wire in the compact format. */
export interface ColumnarPullResponse extends Omit<PullResponse, 'changes' | 'tombstones'> {
  format: typeof COLUMNAR_FORMAT;
  changes: ColumnarChanges;
  /** [entity, id] pairs. */
  tombstones: [SyncEntity, number][];
}

/**
 * Rows to columns. The columns are every key any row has, in first-seen order; a key a row lacks (an optional
 * field of an older record) travels as null.
 */
export function toColumns(list: readonly object[]): ColumnarRows {
  const columns: string[] = [];
  const seen = new Set<string>();
  for (const row of list)
    for (const key of Object.keys(row))
      if (!seen.has(key)) {
        seen.add(key);
        columns.push(key);
      }
  const rows = list.map((row) => {
    const values = row as Record<string, unknown>;
    return columns.map((c) => values[c] ?? null);
  });
  return { columns, rows };
}

export function fromColumns<T>({ columns, rows }: ColumnarRows): T[] {
  return rows.map((values) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < columns.length; i++) row[columns[i]!] = values[i] ?? null;
    return row as T;
  });
}

export function encodePullResponse(page: PullResponse): ColumnarPullResponse {
  const changes = {} as ColumnarChanges;
  for (const [entity, list] of Object.entries(page.changes) as [SyncEntity, object[]][])
    changes[entity] = toColumns(list);
  return {
    ...page,
    format: COLUMNAR_FORMAT,
    changes,
    tombstones: page.tombstones.map((t): [SyncEntity, number] => [t.entity, t.id]),
  };
}

/** A page as the device stores it, from either format. */
export function decodePullResponse(page: PullResponse | ColumnarPullResponse): PullResponse {
  if (!('format' in page) || page.format !== COLUMNAR_FORMAT) return page as PullResponse;
  const changes = {} as Record<SyncEntity, unknown[]>;
  for (const [entity, columns] of Object.entries(page.changes) as [SyncEntity, ColumnarRows][])
    changes[entity] = fromColumns(columns);
  const { format: _format, ...rest } = page;
  return {
    ...rest,
    changes: changes as unknown as SyncChanges,
    tombstones: page.tombstones.map(([entity, id]): Tombstone => ({ entity, id })),
  };
}
