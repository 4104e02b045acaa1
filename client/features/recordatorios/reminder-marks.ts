// Who was reminded, kept on this phone (docs/producto.md §2.24): per user — a database of its own, beside the
// user's store (client/store/database.ts), so the synced store's schema is untouched — and per collection date.
// Nothing of it travels to the server.
import { Dexie, type Table } from 'dexie';
import { addDays, type IsoDate } from '../../../shared/dates';

export type ReminderVia = 'whatsapp' | 'sms' | 'manual';

export interface ReminderMark {
  /** The collection date the reminder was for. */
  fecha: IsoDate;
  loanId: number;
  via: ReminderVia;
  /** When it was marked (ISO). */
  at: string;
}

/** Marks of collection dates older than this are dropped when a new one is written. */
const KEEP_DAYS = 28;

export class RemindersDb extends Dexie {
  marks!: Table<ReminderMark, [IsoDate, number]>;

  constructor(name: string) {
    super(name);
    this.version(1).stores({ marks: '[fecha+loanId], fecha' });
  }
}

export const remindersDbName = (userId: number) => `prestamos-recordatorios-u${userId}`;

const open = new Map<number, RemindersDb>();

/** The user's reminders store, one instance per user for the page's lifetime. */
export function remindersDbFor(userId: number): RemindersDb {
  let db = open.get(userId);
  if (!db) {
    db = new RemindersDb(remindersDbName(userId));
    open.set(userId, db);
  }
  return db;
}

export const marksOn = (db: RemindersDb, fecha: IsoDate): Promise<ReminderMark[]> =>
  db.marks.where('fecha').equals(fecha).toArray();

export async function markReminded(
  db: RemindersDb,
  mark: Omit<ReminderMark, 'at'>,
  now: Date = new Date(),
): Promise<void> {
  await db.transaction('rw', db.marks, async () => {
    await db.marks.put({ ...mark, at: now.toISOString() });
    await db.marks.where('fecha').below(addDays(mark.fecha, -KEEP_DAYS)).delete();
  });
}

export const unmarkReminded = (db: RemindersDb, fecha: IsoDate, loanId: number): Promise<void> =>
  db.marks.delete([fecha, loanId]);
