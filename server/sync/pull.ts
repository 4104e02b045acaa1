// POST /api/sync/pull (docs/sincronizacion.md): the device's scope changed after its cursor, a page at a time.
import { AppError } from '../../shared/errors';
import { syncMessages as m } from '../../shared/payments/messages';
import type { PullInput } from '../../shared/sync/schemas';
import type { PullResponse } from '../../shared/sync/types';
import type { Db, Sql } from '../db/connect';
import { scopeKey, userMunicipalities } from '../scope/user-municipalities';
import type { AuthInfo, MunicipalityScope } from '../types';
import {
  decodeCursor,
  decodeSnapshotCursor,
  encodeCursor,
  encodeSnapshotCursor,
  LAST_ID,
  type SnapshotCursor,
  type StreamKey,
  type SyncCursor,
  TOMBSTONES,
} from './cursor';
import { CURSOR_MAX_AGE_MS } from './prune';
import { accountVersion, scopeExits, streamCount, streamKeys, tombstonesByIds } from './pull-queries';
import { emptyChanges, fetchChanges } from './pull-rows';
import { findDevice } from './queries';
import { scopeCuts } from './scope';
import { SNAPSHOT_PHASES, snapshotPage } from './snapshot';

/**
 * The first `limit` keys. When the page would split a version and holds an earlier one too, it ends at the
 * version boundary instead, so a device applies a transaction's rows together whenever they fit one page;
 * a version larger than a page is split, and the cursor's (entity, id) resumes inside it.
 */
export function pageOf(keys: readonly StreamKey[], limit: number): StreamKey[] {
  if (keys.length <= limit) return [...keys];
  const page = keys.slice(0, limit);
  const splitVersion = keys[limit]!.version;
  if (page[0]!.version === splitVersion) return page;
  return page.filter((k) => k.version < splitVersion);
}

/**
 * How far past this server's clock a cursor's instants may be: another API process's clock, or this one
 * stepped back. Beyond that the cursor is not one this server made (and a date past year 9999 would not even
 * format).
 */
const CLOCK_AHEAD_MS = 86_400_000;

/** A cursor this server made: its instants are near its clock, and it was caught up no later than evaluated. */
const plausible = (c: SyncCursor, now: number): boolean => c.at <= now + CLOCK_AHEAD_MS && c.caughtUp <= c.at;

/**
 * Where this pull starts, and whether the device must first drop what it holds: a cursor this server did not
 * make, one from a restored (older) database, or one not caught up within the tombstone retention cannot be
 * brought up to date by changes alone.
 */
function startOf(
  decoded: SyncCursor | 'full' | 'invalid',
  accountVersion: number,
  now: number,
  scope: number,
): { from: SyncCursor | null; reset: boolean } {
  if (decoded === 'full') return { from: null, reset: false };
  // A changed municipality assignment (docs/reglas-del-negocio.md) is a reset too: rows that enter the scope are older than
  // the cursor, so only a fresh snapshot brings them; the reset drops the ones that left, never the outbox.
  const stale =
    decoded === 'invalid' ||
    !plausible(decoded, now) ||
    decoded.version > accountVersion ||
    now - decoded.caughtUp > CURSOR_MAX_AGE_MS ||
    decoded.scope !== scope;
  return stale ? { from: null, reset: true } : { from: decoded, reset: false };
}

/** A snapshot cursor this server made for this account's current scope, recently enough. */
const snapshotValid = (c: SnapshotCursor, accountVersion: number, now: number, scope: number): boolean =>
  c.at <= now + CLOCK_AHEAD_MS &&
  now - c.at <= CURSOR_MAX_AGE_MS &&
  c.version <= accountVersion &&
  c.phase < SNAPSHOT_PHASES.length &&
  c.scope === scope;

/** What every mode of a pull reads first, in the pull's one snapshot. */
interface PullContext {
  accountId: number;
  input: PullInput;
  timeZone: string;
  now: number;
  version: number;
  municipalities: MunicipalityScope;
  /** The device's towns and whether it keeps payment events, as a number the cursor carries. */
  scope: number;
  lastMutationId: number;
}

/**
 * A device's pull: a page of a full download (snapshotPull: no cursor, or one that cannot be brought up to
 * date), or a page of the change stream after its cursor (streamPull).
 */
export async function processPull(
  sql: Sql,
  auth: AuthInfo,
  input: PullInput,
  opts: { timeZone: string; now?: Date },
): Promise<PullResponse> {
  // One snapshot for every read, so the page, its tombstones and lastMutationId agree with each other.
  return sql.begin('isolation level repeatable read read only', async (tx) => {
    const device = await findDevice(tx, input.clientId);
    if (device && (device.user_id !== auth.userId || device.account_id !== auth.accountId))
      throw new AppError('FORBIDDEN', m.dispositivoDeOtroUsuario);
    const municipalities = await userMunicipalities(tx, auth.userId);
    const ctx: PullContext = {
      accountId: auth.accountId,
      input,
      timeZone: opts.timeZone,
      now: (opts.now ?? new Date()).getTime(),
      version: await accountVersion(tx, auth.accountId),
      municipalities,
      // A device that starts asking for payment events (its app was updated) has a cursor of another scope: it
      // downloads everything again, events included.
      scope: input.pagos ? scopeKey(municipalities) * 2 + 1 : scopeKey(municipalities),
      lastMutationId: device?.last_mutation_id ?? 0,
    };
    const fromNothing = { version: ctx.version, phase: 0, id: 0, sub: 0, at: ctx.now, scope: ctx.scope };

    // A full download goes on where it was, or (made for another scope, or too old) starts again from nothing.
    const snapshot = decodeSnapshotCursor(input.cursor);
    if (snapshot) {
      const valid = snapshotValid(snapshot, ctx.version, ctx.now, ctx.scope);
      return snapshotPull(tx, ctx, valid ? snapshot : fromNothing, !valid);
    }
    const { from, reset } = startOf(decodeCursor(input.cursor), ctx.version, ctx.now, ctx.scope);
    if (!from) return snapshotPull(tx, ctx, fromNothing, reset);
    return streamPull(tx, ctx, from, reset);
  });
}

/**
 * The change stream after the cursor. When the device's scope moved since the cursor (a day passed: loans
 * closed long enough ago leave it), the rows that left are sent first as tombstones; a page of those alone
 * comes before any change.
 */
async function streamPull(tx: Db, ctx: PullContext, from: SyncCursor, reset: boolean): Promise<PullResponse> {
  const { accountId, input, timeZone, municipalities, scope, lastMutationId } = ctx;
  // The scope never moves backwards, even if the server's clock does; while removals from its last move
  // are still being paged, it stays where it was.
  const at = from.exits ? from.at : Math.max(ctx.now, from.at);
  const cuts = scopeCuts(at, timeZone, municipalities, input.pagos);
  const exitsFrom = from.exits?.from ?? from.at;
  const exits =
    exitsFrom < at
      ? await scopeExits(tx, accountId, scopeCuts(exitsFrom, timeZone, municipalities, input.pagos), cuts, {
          after: from.exits ?? null,
          limit: input.limit + 1,
        })
      : [];
  const stream = { version: from.version, entity: from.entity, id: from.id };
  if (exits.length >= input.limit) {
    // A page of removals only; the rows come once they are all sent.
    const sent = exits.slice(0, input.limit);
    const last = sent.at(-1)!;
    const more = exits.length > input.limit;
    return {
      cursor: encodeCursor({
        ...stream,
        at,
        caughtUp: from.caughtUp,
        scope,
        ...(more ? { exits: { from: exitsFrom, entity: last.order, id: last.id } } : {}),
      }),
      lastMutationId,
      hasMore: true,
      ...(reset ? { reset: true } : {}),
      changes: emptyChanges(),
      tombstones: sent.map(({ entity, id }) => ({ entity, id })),
    };
  }

  const limit = input.limit - exits.length;
  const keys = await streamKeys(tx, accountId, from, cuts, limit + 1);
  const page = pageOf(keys, limit);
  const changes = await fetchChanges(tx, accountId, page);
  const stored = page.filter((k) => k.entity === TOMBSTONES).map((k) => k.id);
  const tombstones = [
    ...(await tombstonesByIds(tx, accountId, stored)),
    ...exits.map(({ entity, id }) => ({ entity, id })),
  ];
  const last = page.at(-1) ?? stream;
  const hasMore = keys.length > limit;
  const caughtUp = hasMore ? from.caughtUp : at;
  return {
    cursor: encodeCursor({ version: last.version, entity: last.entity, id: last.id, at, caughtUp, scope }),
    lastMutationId,
    hasMore,
    ...(reset ? { reset: true } : {}),
    changes,
    tombstones,
  };
}

/**
 * One page of a full download (snapshot.ts). Its first page says how many rows it holds, so the device can
 * show what is left; its last one hands over to the change stream at the version the download started from,
 * and says there is more when the account changed meanwhile.
 */
async function snapshotPull(
  tx: Db,
  ctx: PullContext,
  from: SnapshotCursor,
  reset: boolean,
): Promise<PullResponse> {
  const { accountId, input } = ctx;
  const cuts = scopeCuts(from.at, ctx.timeZone, ctx.municipalities, input.pagos);
  const page = await snapshotPage(tx, accountId, from, cuts, input.limit);
  const first = from.phase === 0 && from.id === 0 && from.sub === 0;
  const total =
    first && page.next ? await streamCount(tx, accountId, cuts, { tombstones: false }) : undefined;
  const cursor = page.next
    ? encodeSnapshotCursor({ ...page.next, at: from.at, scope: from.scope })
    : encodeCursor({
        version: from.version,
        entity: TOMBSTONES,
        id: LAST_ID,
        at: from.at,
        caughtUp: from.at,
        scope: from.scope,
      });
  return {
    cursor,
    lastMutationId: ctx.lastMutationId,
    hasMore: page.next !== null || ctx.version > from.version,
    ...(reset ? { reset: true } : {}),
    ...(total !== undefined ? { total } : {}),
    changes: page.changes,
    tombstones: [],
  };
}
