// Loans, clients and schedules live in buckets: one IndexedDB record holds every row whose id falls in the same
// run of ids (decision 019). IndexedDB's cost is per record (~0.1 ms each in Chromium with a profile on disk),
// so a first sync of 20,000 loans stores ~2,400 records instead of ~65,000, while a payment reads and writes one
// loan bucket and one schedule bucket. Only this module and database.ts (which builds the stores) know it.
import type { Table } from 'dexie';

/** One record: the rows whose id is in [key × size, (key + 1) × size), sorted by id. */
export interface Bucket<T> {
  key: number;
  rows: T[];
}

/**
 * A bucket's summary, for stores with an order: how many rows it holds and the greatest order value among
 * them, so a count or the newest rows never read every bucket. A table of its own with no secondary index:
 * indexing the buckets themselves made Dexie read each bucket's old value on every write (the 100-row
 * incremental sync went from ~75 to ~500 ms in Chromium).
 */
export interface BucketSummary {
  key: number;
  n: number;
  top: string;
}

/** Buckets read per step while looking for the newest rows. */
const GREATEST_STEP = 4;

/** Position of `id` in rows sorted by id, or where it would go (binary search). */
function indexOf<T>(
  rows: readonly T[],
  id: number,
  idOf: (row: T) => number,
): { at: number; found: boolean } {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const midId = idOf(rows[mid]!);
    if (midId === id) return { at: mid, found: true };
    if (midId < id) lo = mid + 1;
    else hi = mid;
  }
  return { at: lo, found: false };
}

/**
 * A table of rows kept in buckets, with the reads and writes the screens and the sync need. Every method runs
 * inside the caller's transaction when there is one (Dexie's zone), so a page or a payment stays atomic.
 */
export class BucketStore<T> {
  constructor(
    private readonly table: () => Table<Bucket<T>, number>,
    /** Ids per bucket. */
    readonly size: number,
    private readonly idOf: (row: T) => number,
    /** The value `greatest` reads rows by, and where each bucket's summary is kept; none: no such reads. */
    private readonly order?: { of: (row: T) => string; summaries: () => Table<BucketSummary, number> },
  ) {}

  /** The Dexie tables a transaction over this store must name. */
  get tables(): Table[] {
    return this.order ? [this.table(), this.order.summaries()] : [this.table()];
  }

  private async write(buckets: Bucket<T>[], emptied: number[] = []): Promise<void> {
    if (emptied.length) await this.table().bulkDelete(emptied);
    if (buckets.length) await this.table().bulkPut(buckets);
    if (!this.order) return;
    const { of, summaries } = this.order;
    if (emptied.length) await summaries().bulkDelete(emptied);
    if (buckets.length)
      await summaries().bulkPut(
        buckets.map(({ key, rows }) => {
          let top = '';
          for (const row of rows) {
            const value = of(row);
            if (value > top) top = value;
          }
          return { key, n: rows.length, top };
        }),
      );
  }

  keyOf(id: number): number {
    return Math.floor(id / this.size);
  }

  /** The buckets holding `ids`, by key (a bucket the device lacks is absent). */
  private async bucketsOf(ids: Iterable<number>): Promise<Map<number, Bucket<T>>> {
    const keys = [...new Set([...ids].map((id) => this.keyOf(id)))].sort((a, b) => a - b);
    if (keys.length === 0) return new Map();
    const first = keys[0]!;
    const last = keys[keys.length - 1]!;
    // A dense run of keys (a pulled page, a town's loans) costs one range read; scattered ones a get each.
    const found =
      last - first < 2 * keys.length
        ? await this.table().where('key').between(first, last, true, true).toArray()
        : (await this.table().bulkGet(keys)).filter((b): b is Bucket<T> => b !== undefined);
    return new Map(found.map((b) => [b.key, b]));
  }

  async get(id: number): Promise<T | undefined> {
    const bucket = await this.table().get(this.keyOf(id));
    if (!bucket) return undefined;
    const { at, found } = indexOf(bucket.rows, id, this.idOf);
    return found ? bucket.rows[at] : undefined;
  }

  /** The rows of `ids`, in that order (undefined where the device has none). */
  async bulkGet(ids: readonly number[]): Promise<(T | undefined)[]> {
    const buckets = await this.bucketsOf(ids);
    return ids.map((id) => {
      const rows = buckets.get(this.keyOf(id))?.rows;
      if (!rows) return undefined;
      const { at, found } = indexOf(rows, id, this.idOf);
      return found ? rows[at] : undefined;
    });
  }

  /** Every row, by id. */
  async toArray(): Promise<T[]> {
    return (await this.table().toArray()).flatMap((b) => b.rows);
  }

  /** The rows `pick` accepts, by id. */
  async filter(pick: (row: T) => boolean): Promise<T[]> {
    const rows: T[] = [];
    await this.table().each((b) => {
      for (const row of b.rows) if (pick(row)) rows.push(row);
    });
    return rows;
  }

  async count(): Promise<number> {
    // Only the summaries are read: a bucket's rows are not.
    if (this.order) return (await this.order.summaries().toArray()).reduce((sum, s) => sum + s.n, 0);
    let n = 0;
    await this.table().each((b) => {
      n += b.rows.length;
    });
    return n;
  }

  /**
   * At least the `count` rows with the greatest order value (ties included), from the buckets in order of their
   * greatest value: it stops at the first bucket that cannot hold one of them.
   */
  async greatest(count: number): Promise<T[]> {
    if (!this.order) throw new TypeError('Esta tabla no tiene orden');
    const { of, summaries } = this.order;
    const byTop = (await summaries().toArray()).sort((a, b) => (a.top < b.top ? 1 : a.top > b.top ? -1 : 0));
    const found: T[] = [];
    let threshold: string | null = null;
    for (let i = 0; i < byTop.length; i += GREATEST_STEP) {
      const next = byTop.slice(i, i + GREATEST_STEP);
      // The buckets left have no value above this one's top: none of them can hold a row asked for.
      if (threshold !== null && next[0]!.top < threshold) break;
      const wanted = threshold === null ? next : next.filter((s) => s.top >= threshold!);
      for (const bucket of await this.table().bulkGet(wanted.map((s) => s.key)))
        if (bucket) found.push(...bucket.rows);
      if (found.length >= count) {
        const values = found.map(of).sort();
        threshold = values[values.length - count]!;
      }
    }
    return found;
  }

  /** Adds or replaces rows: one read and one write per bucket touched. */
  async bulkPut(rows: readonly T[]): Promise<void> {
    if (rows.length === 0) return;
    for (const row of rows) {
      // A row without its key would sit where no one finds it: the whole write is refused instead.
      if (!Number.isInteger(this.idOf(row))) throw new TypeError(`Registro sin id: ${JSON.stringify(row)}`);
    }
    const buckets = await this.bucketsOf(rows.map(this.idOf));
    const touched = new Map<number, Map<number, T>>();
    for (const row of rows) {
      const key = this.keyOf(this.idOf(row));
      let merged = touched.get(key);
      if (!merged) {
        merged = new Map((buckets.get(key)?.rows ?? []).map((r) => [this.idOf(r), r]));
        touched.set(key, merged);
      }
      merged.set(this.idOf(row), row);
    }
    await this.write(
      [...touched].map(([key, merged]) => ({
        key,
        rows: [...merged.values()].sort((a, b) => this.idOf(a) - this.idOf(b)),
      })),
    );
  }

  async put(row: T): Promise<void> {
    await this.bulkPut([row]);
  }

  /** Removes the rows of `ids`; a bucket left empty is deleted. */
  async bulkDelete(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    const gone = new Set(ids);
    const buckets = await this.bucketsOf(ids);
    await this.rewrite([...buckets.values()], (row) => !gone.has(this.idOf(row)));
  }

  async delete(id: number): Promise<void> {
    await this.bulkDelete([id]);
  }

  /** Keeps only the rows `keep` accepts, over every bucket. */
  async keepWhere(keep: (row: T) => boolean): Promise<void> {
    await this.rewrite(await this.table().toArray(), keep);
  }

  async clear(): Promise<void> {
    for (const table of this.tables) await table.clear();
  }

  private async rewrite(buckets: Bucket<T>[], keep: (row: T) => boolean): Promise<void> {
    const emptied: number[] = [];
    const changed: Bucket<T>[] = [];
    for (const bucket of buckets) {
      const rows = bucket.rows.filter(keep);
      if (rows.length === bucket.rows.length) continue;
      if (rows.length === 0) emptied.push(bucket.key);
      else changed.push({ key: bucket.key, rows });
    }
    await this.write(changed, emptied);
  }
}
