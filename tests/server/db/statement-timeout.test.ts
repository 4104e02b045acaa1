// No request holds a connection past the statement timeout (server/config.ts, docs/producto.md §9.6). A request stuck
// behind a lock another transaction holds lets go with a Spanish 503 and writes nothing, while /api/health and
// the rest of the API keep answering; work that is not a request (a migration) runs without the timeout.
import { afterAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { connect, withoutTimeout } from '../../../server/db/connect';
import { lockAccountVersion } from '../../../server/sync/account-version';
import { mensajes } from '../../../shared/messages';
import { send } from '../helpers/catalog';
import { connectTestSql, testApp } from '../helpers/test-db';
import { tenantWithLoans } from '../sync/helpers';

const TIMEOUT_MS = 3_000;
const embedded = inject('embedded');
const admin = connectTestSql();
const timed = connect(inject('databaseUrl'), { embedded, max: 4, statementTimeoutMs: TIMEOUT_MS });
const app = testApp(timed);

afterAll(() => timed.end({ timeout: 5 }));

describe('the statement timeout', () => {
  it('is read from STATEMENT_TIMEOUT_MS: 5 s by default, 0 turns it off, anything else is refused', () => {
    const base = { DATABASE_URL: 'postgres://x@127.0.0.1/x', JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig(base).statementTimeoutMs).toBe(5_000);
    expect(loadConfig({ ...base, STATEMENT_TIMEOUT_MS: '0' }).statementTimeoutMs).toBe(0);
    expect(() => loadConfig({ ...base, STATEMENT_TIMEOUT_MS: 'cinco' })).toThrow(
      'STATEMENT_TIMEOUT_MS debe ser un número entero de milisegundos (0 lo desactiva)',
    );
  });

  it('ends a request held by a lock with a Spanish 503, nothing written, while /api/health answers', async () => {
    // In milliseconds whatever unit PostgreSQL shows it in ('3s').
    const [setting] = await timed<{ ms: number }[]>`select (extract(epoch from
      current_setting('statement_timeout')::interval) * 1000)::int as ms`;
    // PGlite is one backend with no timer: the embedded setup runs without one (server/db/connect.ts).
    expect(setting!.ms).toBe(embedded ? 0 : TIMEOUT_MS);
    if (embedded) return;

    const t = await tenantWithLoans(admin, app);
    // Another transaction holds the account's version, as a long write would: a new sheet waits for it.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holder = admin.begin(async (tx) => {
      await lockAccountVersion(tx, t.accountId);
      locked();
      await held;
    });
    await isLocked;
    try {
      let settled = false;
      const stuck = Promise.resolve(
        send(app, 'POST', '/api/hoja-de-cobro', t.token, { municipalityId: t.municipalityId }),
      ).finally(() => {
        settled = true;
      });
      const health = await app.request('/api/health');
      expect(health.status).toBe(200);
      expect(settled).toBe(false);

      const answer = await stuck;
      expect(answer.status).toBe(503);
      expect(answer.headers.get('Retry-After')).toBe('5');
      expect(await answer.json()).toEqual({ error: mensajes.consultaDemasiadoLarga, code: 'UNAVAILABLE' });
    } finally {
      release();
      await holder;
    }
    const [sheets] = await admin<{ n: number }[]>`select count(*)::int as n from weekly_sheets
      where account_id = ${t.accountId}`;
    expect(sheets!.n).toBe(0);
    // The same request goes through once the lock is gone: the pool is whole.
    const again = await send(app, 'POST', '/api/hoja-de-cobro', t.token, {
      municipalityId: t.municipalityId,
    });
    expect(again.status).toBe(201);
  });

  it('is off inside a migration’s or a recompute’s transaction', async () => {
    const [row] = await timed.begin(async (tx) => {
      await withoutTimeout(tx);
      return tx<{ statement_timeout: string }[]>`show statement_timeout`;
    });
    expect(row!.statement_timeout).toBe('0');
  });
});
