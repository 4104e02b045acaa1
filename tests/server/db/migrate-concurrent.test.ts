// Two API processes started at once on an empty database (the README's systemd units, decision 025): both run
// the migrations, and neither may fail on the other's `create table schema_migrations`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { connect } from '../../../server/db/connect';
import { migrate } from '../../../server/db/migrate';

const base = process.env.DATABASE_URL;
const dir = mkdtempSync(join(tmpdir(), 'prestamos-migraciones-'));
writeFileSync(join(dir, '001_una.sql'), 'create table una (id int);');
const databases: string[] = [];

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  if (!base) return;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  for (const name of databases) await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end();
});

// The embedded PGlite serves one process: there is no second one to race.
describe.skipIf(!base)('migrations started by several processes at once', () => {
  it('each empty database is migrated once, and no process fails', async () => {
    const admin = postgres(base!, { max: 1, onnotice: () => {} });
    for (let round = 0; round < 5; round++) {
      const name = `prestamos_migrar_${Date.now()}_${round}`;
      await admin.unsafe(`create database ${name}`);
      databases.push(name);
      const url = new URL(base!);
      url.pathname = `/${name}`;
      const processes = Array.from({ length: 4 }, () => connect(url.toString(), { embedded: false, max: 1 }));
      // One connection each, opened before the race so the four statements leave together.
      await Promise.all(processes.map((sql) => sql`select 1`));
      const applied = await Promise.all(processes.map((sql) => migrate(sql, dir)));
      expect(applied.flat()).toEqual(['001_una']);
      await Promise.all(processes.map((sql) => sql.end()));
    }
    await admin.end();
  });
});
