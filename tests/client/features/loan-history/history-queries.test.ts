import 'fake-indexeddb/auto';
import { afterEach, describe, expect, test } from 'vitest';
import {
  readHistoryEntries,
  readMunicipalityOptions,
  readRowsOfLoans,
} from '../../../../client/features/loan-history/history-queries';
import type { LocalDb } from '../../../../client/store/database';
import { putScheduleRows } from '../../../../client/store/schedules';
import { freshDb, loanFixture } from '../../helpers/sync-fixtures';

const open: LocalDb[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

const client = (id: number, nombre: string, municipality_id = 1) => ({
  id,
  nombre,
  telefono: '2441234567',
  coordinadora: false,
  empleado: false,
  municipality_id,
  account_id: 1,
  created_at: '2026-01-01T00:00:00Z',
  version: 1,
});

const municipality = (id: number, name: string, deleted = false) => ({
  id,
  name,
  collection_day: 'LUNES' as const,
  delete: deleted,
  created_at: '2026-01-01T00:00:00Z',
  version: 1,
});

async function seeded() {
  const db = freshDb();
  open.push(db);
  const loans = [
    loanFixture(1, { client_id: 11, grupo: 2 }),
    loanFixture(2, { client_id: 12, grupo: 1 }),
    loanFixture(3, { client_id: 13, grupo: 1, municipality_id: 2 }),
  ];
  await db.loans.bulkPut(loans.map((l) => l.loan));
  await putScheduleRows(
    db,
    loans.flatMap((l) => l.rows),
  );
  await db.clients.bulkPut([client(11, 'Ana'), client(12, 'Zoe'), client(13, 'Beto', 2)]);
  await db.municipalities.bulkPut([
    municipality(1, 'Huamantla'),
    municipality(2, 'Atlixco'),
    municipality(3, 'Borrado', true),
  ]);
  return db;
}

describe('reading the history from the device store', () => {
  test('every municipality, or one, sorted by grupo and client name, with the client’s name', async () => {
    const db = await seeded();
    const all = await readHistoryEntries(db, null);
    expect(all.map((e) => [e.loanId, e.grupo, e.nombre])).toEqual([
      [3, 1, 'Beto'],
      [2, 1, 'Zoe'],
      [1, 2, 'Ana'],
    ]);
    expect(all[0]).toMatchObject({ loanReference: 'PR-000003', abono: 100, serverRows: null });
    expect((await readHistoryEntries(db, 1)).map((e) => e.loanId)).toEqual([2, 1]);
    expect(await readHistoryEntries(db, 99)).toEqual([]);
  });

  test('only the payment rows of the loans asked for (one page), by loan', async () => {
    const db = await seeded();
    const rows = await readRowsOfLoans(db, [2, 3, 42]);
    expect([...rows.keys()]).toEqual([2, 3, 42]);
    expect(rows.get(2)).toHaveLength(14);
    expect(rows.get(2)!.every((r) => r.loan_id === 2)).toBe(true);
    expect(rows.get(42)).toEqual([]);
    expect((await readRowsOfLoans(db, [])).size).toBe(0);
  });

  test('the filter offers the municipalities not deleted, by name', async () => {
    const db = await seeded();
    expect((await readMunicipalityOptions(db)).map((m) => m.name)).toEqual(['Atlixco', 'Huamantla']);
  });
});
