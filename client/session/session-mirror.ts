// The service worker cannot read localStorage, so the session is mirrored in IndexedDB for Background Sync
// (docs/sincronizacion.md, decision 006): the worker pushes the outbox with it while no page is open, and may rotate its
// tokens. Pages load this module only when they touch the mirror, so Dexie stays out of the login page.
import { Dexie, type EntityTable } from 'dexie';
import type { MirroredSession } from './token-lock';

export type { MirroredSession } from './token-lock';

interface MirrorRow extends MirroredSession {
  key: 'actual';
}

class MirrorDb extends Dexie {
  sesion!: EntityTable<MirrorRow, 'key'>;

  constructor() {
    super('prestamos-sesion');
    this.version(1).stores({ sesion: 'key' });
  }
}

let db: MirrorDb | null = null;

const available = () => typeof indexedDB !== 'undefined';

function mirrorDb(): MirrorDb {
  db ??= new MirrorDb();
  return db;
}

export async function readMirroredSession(): Promise<MirroredSession | null> {
  if (!available()) return null;
  const row = await mirrorDb().sesion.get('actual');
  if (!row) return null;
  const { key: _key, ...session } = row;
  return session;
}

/** Null removes it (sign-out, expiry): the worker then has nothing to push with. */
export async function writeMirroredSession(session: MirroredSession | null): Promise<void> {
  if (!available()) return;
  if (session) await mirrorDb().sesion.put({ key: 'actual', ...session });
  else await mirrorDb().sesion.delete('actual');
}
