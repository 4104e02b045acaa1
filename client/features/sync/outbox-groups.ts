// The outbox as the 'Pendientes de sincronizar' screen lists it (docs/sincronizacion.md: nothing is ever silently
// dropped; every entry stays visible as pending, rejected or synced until the user acknowledges it).
import { formatDate } from '../../../shared/dates';
import { MUTATION } from '../../../shared/sync/types';
import type { OutboxEntry } from '../../store/local-types';

export interface OutboxGroups {
  pending: OutboxEntry[];
  rejected: OutboxEntry[];
  synced: OutboxEntry[];
}

/** Newest first: ids grow by one per recorded change on this device, so the higher id is the later one. */
const newestFirst = (a: OutboxEntry, b: OutboxEntry) => b.id - a.id;

export function groupOutbox(entries: readonly OutboxEntry[]): OutboxGroups {
  const groups: OutboxGroups = { pending: [], rejected: [], synced: [] };
  for (const entry of entries) groups[entry.status].push(entry);
  groups.pending.sort(newestFirst);
  groups.rejected.sort(newestFirst);
  groups.synced.sort(newestFirst);
  return groups;
}

export const isOutboxEmpty = (groups: OutboxGroups) =>
  groups.pending.length + groups.rejected.length + groups.synced.length === 0;

export const CONFLICT_TEXT = 'Aplicado; la oficina revisará el conflicto';

/** What the server did with a synced entry. */
export function syncedOutcomeText(entry: Pick<OutboxEntry, 'outcome'>): string {
  switch (entry.outcome) {
    case 'conflict':
      return CONFLICT_TEXT;
    case 'skipped':
      // A replay of a payment whose receipt the server had already applied: it was not applied twice.
      return 'Ya estaba aplicado en el servidor';
    default:
      return 'Aplicado';
  }
}

/** The heading of an entry: what loan, whose (a cash count is of the day, of no loan). */
export const entryTitle = (entry: OutboxEntry) =>
  entry.name === MUTATION.cashCountCreate
    ? `Corte de caja del ${formatDate(entry.args.fecha)}`
    : `${entry.summary.loanReference} · ${entry.summary.clientName || 'Cliente sin nombre'}`;

/** The entry's kind at a glance: which payment, a payment's correction, a visit or a cash count. */
export function entryBadge(entry: OutboxEntry): string {
  switch (entry.name) {
    case MUTATION.visitCreate:
      return 'Visita';
    case MUTATION.cashCountCreate:
      return 'Corte';
    case MUTATION.paymentCorrect:
      return 'Corrección';
    case MUTATION.clientLocationSave:
      return 'Ubicación';
    case MUTATION.paymentRecord:
    case MUTATION.amortizationUpdate:
      return `Pago #${entry.summary.numeroPago ?? ''}`;
  }
}

export const ids = (entries: readonly OutboxEntry[]) => entries.map((e) => e.id);
