// The reminders' reads of the device store (docs/producto.md §2.24): the towns with loans still owing here, and a
// town's loans with their clients and rows — the same rows the Cobranza card reads.
import type { IsoDate } from '../../../shared/dates';
import type { CollectionDay } from '../../../shared/municipalities/schemas';
import type { LocalDb } from '../../store/database';
import { schedulesOf } from '../../store/schedules';
import { nextCollectionDate } from './next-collection';
import type { ReminderInput } from './reminders-model';

export interface ReminderTown {
  id: number;
  name: string;
  collectionDay: CollectionDay;
  /** Its next collection date after today. */
  date: IsoDate;
}

/** The towns with a loan not paid on this phone, soonest collection first. */
export async function readReminderTowns(db: LocalDb, today: IsoDate): Promise<ReminderTown[]> {
  const [municipalities, open] = await Promise.all([
    db.municipalities.toArray(),
    db.loans.filter((l) => !l.pagada),
  ]);
  const withLoans = new Set(open.map((l) => l.municipality_id));
  return municipalities
    .filter((m) => !m.delete && withLoans.has(m.id))
    .map((m) => ({
      id: m.id,
      name: m.name,
      collectionDay: m.collection_day,
      date: nextCollectionDate(m.collection_day, today),
    }))
    .sort((a, b) => a.date.localeCompare(b.date) || a.name.localeCompare(b.name, 'es'));
}

/** The town's loans not paid, with their clients and rows. */
export async function readReminderItems(db: LocalDb, municipalityId: number): Promise<ReminderInput[]> {
  const loans = await db.loans.filter((l) => l.municipality_id === municipalityId && !l.pagada);
  const [rows, clients] = await Promise.all([
    schedulesOf(
      db,
      loans.map((l) => l.id),
    ),
    db.clients.bulkGet([...new Set(loans.map((l) => l.client_id))]),
  ]);
  const byId = new Map(clients.flatMap((c) => (c ? [[c.id, c] as const] : [])));
  return loans.map((loan) => {
    const client = byId.get(loan.client_id);
    return {
      loan,
      client: client ? { nombre: client.nombre, telefono: client.telefono } : null,
      rows: [...(rows.get(loan.id) ?? [])].sort((a, b) => a.numero_pago - b.numero_pago),
    };
  });
}
