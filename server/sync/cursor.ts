// The pull cursor (docs/sincronizacion.md): a position in the account's stream of changes, ordered by
// (version, entity, id), and the instant the device's scope was last evaluated.
import type { SyncEntity } from '../../shared/sync/types';

/** The stream's entities, in their order within one version; the index after the last is the tombstones. */
export const ENTITIES = [
  'municipalities',
  'clients',
  'payment_methods',
  'loans',
  'amortizations',
  'weekly_sheets',
  'weekly_sheet_loans',
  'visits',
  'payments',
] as const satisfies readonly SyncEntity[];
export const TOMBSTONES = ENTITIES.length;

export interface StreamKey {
  version: number;
  entity: number;
  id: number;
}

export interface SyncCursor extends StreamKey {
  /** When the scope was last evaluated (ms since epoch): rows that left it since then become removals. */
  at: number;
  /**
   * Since when the device has every deletion it may need (ms since epoch): the last pull that ended with
   * nothing more to send, or the start of its full snapshot (it held nothing before). A deletion of a row
   * it holds is recorded after that, so only tombstones younger than this matter to it.
   */
  caughtUp: number;
  /** The user's municipality scope when the cursor was made (user-municipalities.ts scopeKey; 0: all). */
  scope: number;
  /**
   * Removals of rows that left the scope still being sent, a page at a time (pull-queries.ts scopeExits):
   * those between the scope at `from` and at `at`, after the last one sent, (entity, id).
   */
  exits?: ExitsPosition;
}

export interface ExitsPosition {
  from: number;
  entity: number;
  id: number;
}

const FORMAT =
  /^v([123])\.(\d{1,15})\.(\d)\.(\d{1,15})\.(\d{1,15})\.(\d{1,15})(?:\.(\d{1,10}))?(?:\.x(\d{1,15})\.(\d)\.(\d{1,15}))?$/;
/** Version 1 cursors (before visits) numbered the tombstones 7, and had no scope: every municipality. */
const V1_TOMBSTONES = 7;
/** Version 2 cursors (before payment events) numbered them 8. */
const V2_TOMBSTONES = 8;

/** Before everything: version 0, the first entity, id 0 (ids and versions start at 1). */
export const START: StreamKey = { version: 0, entity: 0, id: 0 };

export const encodeCursor = (c: SyncCursor): string =>
  `v3.${c.version}.${c.entity}.${c.id}.${c.at}.${c.caughtUp}.${c.scope}${
    c.exits ? `.x${c.exits.from}.${c.exits.entity}.${c.exits.id}` : ''
  }`;

/** 'full' for 0, '0', '', null or missing; 'invalid' for anything this server did not make. */
export function decodeCursor(raw: string | number | null | undefined): SyncCursor | 'full' | 'invalid' {
  if (raw === null || raw === undefined || raw === 0 || raw === '' || raw === '0') return 'full';
  const match = typeof raw === 'string' ? FORMAT.exec(raw) : null;
  if (!match) return 'invalid';
  const [format, version, entity, id, at, caughtUp] = match.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (format === 1) {
    if (match[7] !== undefined || match[8] !== undefined || entity > V1_TOMBSTONES) return 'invalid';
    const v2Entity = entity === V1_TOMBSTONES ? TOMBSTONES : entity;
    return { version, entity: v2Entity, id, at, caughtUp, scope: 0 };
  }
  if (match[7] === undefined) return 'invalid';
  // A version 2 cursor knew no payment events: its tombstones come after them now.
  const last = format === 2 ? V2_TOMBSTONES : TOMBSTONES;
  if (entity > last) return 'invalid';
  const at3 = format === 2 && entity === V2_TOMBSTONES ? TOMBSTONES : entity;
  const cursor = { version, entity: at3, id, at, caughtUp, scope: Number(match[7]) };
  if (match[8] === undefined) return cursor;
  const exits = { from: Number(match[8]), entity: Number(match[9]), id: Number(match[10]) };
  // Exits run from an earlier evaluation of the scope to this one, over the stream's entities only.
  if (exits.from > at || exits.entity >= last) return 'invalid';
  return { ...cursor, exits };
}

/**
 * A full download in progress (snapshot.ts): the version it will end on, the phase and last id sent, and, as a
 * stream cursor, when the scope was evaluated and which scope it was.
 */
export interface SnapshotCursor {
  version: number;
  phase: number;
  /** The last id sent in the phase (the schedules' phase: the loan's). */
  id: number;
  /** The schedules' phase: the last numero_pago sent of loan `id`. */
  sub: number;
  at: number;
  scope: number;
}

const SNAPSHOT_FORMAT = /^s1\.(\d{1,15})\.(\d)\.(\d{1,15})\.(\d{1,5})\.(\d{1,15})\.(\d{1,10})$/;

export const encodeSnapshotCursor = (c: SnapshotCursor): string =>
  `s1.${c.version}.${c.phase}.${c.id}.${c.sub}.${c.at}.${c.scope}`;

/** A snapshot cursor this server made, or null for anything else (a stream cursor, or nothing valid). */
export function decodeSnapshotCursor(raw: string | number | null | undefined): SnapshotCursor | null {
  const match = typeof raw === 'string' ? SNAPSHOT_FORMAT.exec(raw) : null;
  if (!match) return null;
  const [version, phase, id, sub, at, scope] = match.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return { version, phase, id, sub, at, scope };
}

/** Past every id (ids stay below 10^15, the widest the cursor formats take): a snapshot ends there. */
export const LAST_ID = 999_999_999_999_999;

/** Ids are below 2^53; the bound past every id of an entity that comes before the cursor's. */
const PAST_EVERY_ID = Number.MAX_SAFE_INTEGER;

/**
 * For entity `entity`, the (version, id) pair its rows must exceed to come after `key` in the stream:
 * entities before the key's resume at the next version, the key's own entity after its id, later ones at
 * the key's version.
 */
export function boundFor(key: StreamKey, entity: number): { version: number; id: number } {
  if (entity < key.entity) return { version: key.version, id: PAST_EVERY_ID };
  if (entity === key.entity) return { version: key.version, id: key.id };
  return { version: key.version, id: 0 };
}

export const compareKeys = (a: StreamKey, b: StreamKey): number =>
  a.version - b.version || a.entity - b.entity || a.id - b.id;
