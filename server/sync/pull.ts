// POST /api/sync/pull (DESIGN §4): the device's scope changed after its cursor, a page at a time.
import { AppError } from '../../shared/errors';
import { syncMessages as m } from '../../shared/payments/messages';
import type { PullInput } from '../../shared/sync/schemas';
import type { PullResponse } from '../../shared/sync/types';
import type { Sql } from '../db/connect';
import { scopeKey, userMunicipalities } from '../scope/user-municipalities';
import type { AuthInfo } from '../types';
import { decodeCursor, encodeCursor, START, type StreamKey, type SyncCursor, TOMBSTONES } from './cursor';
import { CURSOR_MAX_AGE_MS } from './prune';
import { accountVersion, scopeExits, streamCount, streamKeys, tombstonesByIds } from './pull-queries';
import { fetchChanges } from './pull-rows';
import { findClient } from './queries';
import { scopeCuts } from './scope';

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
  // A changed municipality assignment (DESIGN §9) is a reset too: rows that enter the scope are older than
  // the cursor, so only a fresh snapshot brings them; the reset drops the ones that left, never the outbox.
  const stale =
    decoded === 'invalid' ||
    !plausible(decoded, now) ||
    decoded.version > accountVersion ||
    now - decoded.caughtUp > CURSOR_MAX_AGE_MS ||
    decoded.scope !== scope;
  return stale ? { from: null, reset: true } : { from: decoded, reset: false };
}

export async function processPull(
  sql: Sql,
  auth: AuthInfo,
  input: PullInput,
  opts: { timeZone: string; now?: Date },
): Promise<PullResponse> {
  // One snapshot for every read, so the page, its tombstones and lastMutationId agree with each other.
  return sql.begin('isolation level repeatable read read only', async (tx) => {
    const client = await findClient(tx, input.clientId);
    if (client && (client.user_id !== auth.userId || client.account_id !== auth.accountId))
      throw new AppError('FORBIDDEN', m.dispositivoDeOtroUsuario);

    const now = (opts.now ?? new Date()).getTime();
    const version = await accountVersion(tx, auth.accountId);
    const municipalities = await userMunicipalities(tx, auth.userId);
    const scope = scopeKey(municipalities);
    const { from, reset } = startOf(decodeCursor(input.cursor), version, now, scope);
    // The scope never moves backwards, even if the server's clock does.
    const at = from ? Math.max(now, from.at) : now;
    const cuts = scopeCuts(at, opts.timeZone, municipalities);

    const keys = await streamKeys(tx, auth.accountId, from ?? START, cuts, input.limit + 1);
    const page = pageOf(keys, input.limit);
    const changes = await fetchChanges(tx, auth.accountId, page);
    const stored = page.filter((k) => k.entity === TOMBSTONES).map((k) => k.id);
    const tombstones = [
      ...(await tombstonesByIds(tx, auth.accountId, stored)),
      ...(from
        ? await scopeExits(tx, auth.accountId, scopeCuts(from.at, opts.timeZone, municipalities), cuts)
        : []),
    ];
    const last = page.at(-1) ?? from ?? START;
    const hasMore = keys.length > input.limit;
    // Caught up when nothing is left; a snapshot in progress counts from its start (it held nothing before).
    const caughtUp = hasMore ? (from?.caughtUp ?? at) : at;
    // A download that takes more than this page: its size, so the device can say how much is left.
    const total = !from && hasMore ? await streamCount(tx, auth.accountId, cuts) : undefined;
    return {
      cursor: encodeCursor({ version: last.version, entity: last.entity, id: last.id, at, caughtUp, scope }),
      lastMutationId: client?.last_mutation_id ?? 0,
      hasMore,
      ...(reset ? { reset: true } : {}),
      ...(total !== undefined ? { total } : {}),
      changes,
      tombstones,
    };
  });
}
