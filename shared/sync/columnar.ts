// The compact pull page (decision 011): each entity's rows as columns — the field names once, then every row as
// an array of values in that order — instead of one object per row that repeats every key. Same values, same
// JSON types (money stays pesos as numbers, dates strings, nulls null); the device turns it back into the
// rows it stores. Negotiated: a device asks with `format: 'columnas'`, older ones keep getting objects.
import type { PullResponse, SyncChanges, SyncEntity, Tombstone } from './types';

export const COLUMNAR_FORMAT = 'columnas';
/**
 * The compact page with each column also encoded against the row before it (decision 011): whole numbers as
 * differences, dates as differences in days, texts as the length they share with the previous one and the
 * rest. Rows arrive in (version, id) order, so ids, loan ids and dates differ little from row to row, and
 * gzip, which cannot see that in large distinct numbers, shrinks them to almost nothing.
 */
export const COLUMNAR_DELTA_FORMAT = 'columnas-delta';
export const PULL_FORMATS = [COLUMNAR_FORMAT, COLUMNAR_DELTA_FORMAT] as const;
export type PullFormat = (typeof PULL_FORMATS)[number];

/** How one column travels: as is (null), or encoded against the previous non-null value of the column. */
export type ColumnEncoding = 'delta' | 'dias' | 'prefijo' | null;

export interface ColumnarRows {
  columns: string[];
  rows: unknown[][];
  /** Per column, in the 'columnas-delta' format only. */
  encodings?: ColumnEncoding[];
}

export type ColumnarChanges = Record<SyncEntity, ColumnarRows>;

/** A pull page on the wire in the compact format. */
export interface ColumnarPullResponse extends Omit<PullResponse, 'changes' | 'tombstones'> {
  format: PullFormat;
  changes: ColumnarChanges;
  /** [entity, id] pairs. */
  tombstones: [SyncEntity, number][];
}

/**
 * Rows to columns. The columns are every key any row has, in first-seen order; a key a row lacks (an optional
 * field of an older record) travels as null.
 */
export function toColumns(list: readonly object[]): ColumnarRows {
  // Plain loops: a page has thousands of rows, and a callback and an array of keys per row were a good part
  // of the server's work per page.
  const columns: string[] = [];
  const seen = new Set<string>();
  for (const row of list)
    for (const key in row)
      if (!seen.has(key)) {
        seen.add(key);
        columns.push(key);
      }
  const width = columns.length;
  const rows: unknown[][] = new Array(list.length);
  for (let i = 0; i < list.length; i++) {
    const values = list[i] as Record<string, unknown>;
    const row: unknown[] = new Array(width);
    for (let j = 0; j < width; j++) row[j] = values[columns[j]!] ?? null;
    rows[i] = row;
  }
  return { columns, rows };
}

export function fromColumns<T>({ columns, rows, encodings }: ColumnarRows): T[] {
  if (encodings?.some((e) => e !== null)) return fromEncodedColumns({ columns, rows, encodings });
  return rows.map((values) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < columns.length; i++) row[columns[i]!] = values[i] ?? null;
    return row as T;
  });
}

/** Row by row, each column carrying its previous value: one pass, no intermediate column arrays. */
function fromEncodedColumns<T>({
  columns,
  rows,
  encodings,
}: ColumnarRows & { encodings: ColumnEncoding[] }): T[] {
  const numbers: number[] = columns.map(() => 0);
  const texts: string[] = columns.map(() => '');
  return rows.map((values) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < columns.length; i++) {
      const v = values[i] ?? null;
      const encoding = encodings[i] ?? null;
      if (v === null || encoding === null) row[columns[i]!] = v;
      else if (encoding === 'prefijo') {
        texts[i] =
          typeof v === 'string'
            ? v
            : texts[i]!.slice(0, (v as [number, string])[0]) + (v as [number, string])[1];
        row[columns[i]!] = texts[i];
      } else {
        numbers[i]! += v as number;
        row[columns[i]!] = encoding === 'dias' ? dateOfDay(numbers[i]!) : numbers[i];
      }
    }
    return row as T;
  });
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;
/** Parsing a date is most of a page's encoding: the few hundred distinct days of a page are parsed once. */
const dayNumbers = new Map<string, number>();
function dayNumber(date: string): number {
  let day = dayNumbers.get(date);
  if (day === undefined) {
    day = Date.parse(`${date}T00:00:00Z`) / DAY_MS;
    if (dayNumbers.size < 20_000) dayNumbers.set(date, day);
  }
  return day;
}
/** A page repeats a few hundred distinct days thousands of times: each is formatted once. */
const dayTexts = new Map<number, string>();
function dateOfDay(day: number): string {
  let text = dayTexts.get(day);
  if (text === undefined) {
    text = new Date(day * DAY_MS).toISOString().slice(0, 10);
    if (dayTexts.size < 20_000) dayTexts.set(day, text);
  }
  return text;
}
/** Only a real calendar date that comes back the same is encoded as a day ('2026-02-30' stays text). */
const isDay = (v: unknown): v is string =>
  typeof v === 'string' && ISO_DATE.test(v) && dateOfDay(dayNumber(v)) === v;

/** How column `j` of `rows` can travel, from all its values. */
function encodingOf(rows: readonly unknown[][], j: number): ColumnEncoding {
  let any = false;
  let ints = true;
  let days = true;
  let texts = true;
  for (const row of rows) {
    const v = row[j] ?? null;
    if (v === null) continue;
    any = true;
    ints &&= Number.isSafeInteger(v);
    texts &&= typeof v === 'string';
    days &&= texts && isDay(v);
    if (!ints && !texts) return null;
  }
  if (!any) return null;
  return ints ? 'delta' : days ? 'dias' : texts ? 'prefijo' : null;
}

/** Characters a text shares with the previous one, from the start (at most 99: a length, not a copy). */
function sharedPrefix(a: string, b: string): number {
  const max = Math.min(a.length, b.length, 99);
  let k = 0;
  while (k < max && a.charCodeAt(k) === b.charCodeAt(k)) k++;
  return k;
}

function decodeColumn(values: unknown[], encoding: ColumnEncoding): unknown[] {
  if (encoding === 'delta' || encoding === 'dias') {
    let previous = 0;
    return values.map((v) => {
      if (v === null) return null;
      previous += v as number;
      return encoding === 'dias' ? dateOfDay(previous) : previous;
    });
  }
  if (encoding === 'prefijo') {
    let previous = '';
    return values.map((v) => {
      if (v === null) return null;
      previous =
        typeof v === 'string'
          ? v
          : previous.slice(0, (v as [number, string])[0]) + (v as [number, string])[1];
      return previous;
    });
  }
  return values;
}

/**
 * Columns whose values can be encoded against the previous row, encoded ('columnas-delta'): each column
 * against its previous non-null value (nulls stay null and are skipped). Row by row in one pass, into new
 * row arrays: no arrays per column in between.
 */
export function encodeColumns({ columns, rows }: ColumnarRows): ColumnarRows {
  const width = columns.length;
  const encodings: ColumnEncoding[] = columns.map((_, j) => encodingOf(rows, j));
  const numbers: number[] = new Array(width).fill(0);
  const texts: string[] = new Array(width).fill('');
  const encoded: unknown[][] = new Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const values = rows[i]!;
    const row: unknown[] = new Array(width);
    for (let j = 0; j < width; j++) {
      const v = values[j] ?? null;
      const encoding = encodings[j];
      if (v === null || encoding === null) row[j] = v;
      else if (encoding === 'prefijo') {
        const text = v as string;
        const k = sharedPrefix(texts[j]!, text);
        texts[j] = text;
        // A text alone, or [shared length, the rest]: never ambiguous, whatever the text holds.
        row[j] = k === 0 ? text : [k, text.slice(k)];
      } else {
        const n = encoding === 'dias' ? dayNumber(v as string) : (v as number);
        row[j] = n - numbers[j]!;
        numbers[j] = n;
      }
    }
    encoded[i] = row;
  }
  return { columns, encodings, rows: encoded };
}

export function decodeColumns({ columns, rows, encodings }: ColumnarRows): ColumnarRows {
  if (!encodings) return { columns, rows };
  const byColumn = columns.map((_, j) =>
    decodeColumn(
      rows.map((r) => r[j] ?? null),
      encodings[j] ?? null,
    ),
  );
  return { columns, rows: rows.map((_, i) => byColumn.map((values) => values[i])) };
}

export function encodePullResponse(
  page: PullResponse,
  format: PullFormat = COLUMNAR_FORMAT,
): ColumnarPullResponse {
  const changes = {} as ColumnarChanges;
  for (const [entity, list] of Object.entries(page.changes) as [SyncEntity, object[]][]) {
    const columnar = toColumns(list);
    changes[entity] = format === COLUMNAR_DELTA_FORMAT ? encodeColumns(columnar) : columnar;
  }
  return {
    ...page,
    format,
    changes,
    tombstones: page.tombstones.map((t): [SyncEntity, number] => [t.entity, t.id]),
  };
}

/** A page as the device stores it, from any format. */
export function decodePullResponse(page: PullResponse | ColumnarPullResponse): PullResponse {
  if (!('format' in page) || !PULL_FORMATS.includes(page.format)) return page as PullResponse;
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
