// 'En campo' live (decision 030): a push that arrives on any API process tells the office's open screens of that
// account to read again. Between processes the news travels through PostgreSQL (NOTIFY on commit, LISTEN on one
// connection per process); the embedded PGlite has one process and one backend, so there it stays in memory.
import type { Sql } from '../db/connect';

const CHANNEL = 'en_campo';

type Listener = () => void;

export interface FieldHub {
  /** After a push of the account committed: every process's subscribers of the account hear of it. */
  publish(accountId: number): Promise<void>;
  /** Calls `listener` on each publish for the account; returns the unsubscribe. */
  subscribe(accountId: number, listener: Listener): Promise<() => void>;
}

export function createFieldHub(sql: Sql, opts: { embedded: boolean }): FieldHub {
  const byAccount = new Map<number, Set<Listener>>();
  const deliver = (accountId: number) => {
    for (const listener of byAccount.get(accountId) ?? []) listener();
  };
  // One LISTEN connection per process, opened with the first subscriber (postgres.js reconnects it and listens
  // again by itself after the database comes back).
  let listening: Promise<unknown> | null = null;
  const listen = () => {
    listening ??= sql
      .listen(CHANNEL, (payload) => {
        const accountId = Number(payload);
        if (Number.isSafeInteger(accountId)) deliver(accountId);
      })
      .catch((err: unknown) => {
        // The screens fall back to polling; the next subscriber tries to listen again.
        listening = null;
        console.warn('[en-campo] sin LISTEN; las pantallas consultarán cada 30 s:', err);
      });
    return listening;
  };

  return {
    async publish(accountId) {
      if (opts.embedded) {
        deliver(accountId);
        return;
      }
      try {
        await sql`select pg_notify(${CHANNEL}, ${String(accountId)})`;
      } catch {
        // A lost notification costs a screen one refresh: its polling fallback reads again within 30 s.
      }
    },
    async subscribe(accountId, listener) {
      if (!opts.embedded) await listen();
      const set = byAccount.get(accountId) ?? new Set<Listener>();
      set.add(listener);
      byAccount.set(accountId, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) byAccount.delete(accountId);
      };
    },
  };
}

// One hub per connection pool, that is per database per process (tests build several apps on one pool).
const hubs = new WeakMap<Sql, FieldHub>();

export function fieldHub(sql: Sql, embedded: boolean): FieldHub {
  let hub = hubs.get(sql);
  if (!hub) {
    hub = createFieldHub(sql, { embedded });
    hubs.set(sql, hub);
  }
  return hub;
}
