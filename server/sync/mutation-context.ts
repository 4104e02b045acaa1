import type { IsoDate } from '../../shared/dates';

/** Who pushed a mutation, from which device, with which id (docs/sincronizacion.md). */
export interface MutationContext {
  accountId: number;
  userId: number;
  clientId: string;
  mutationId: number;
  /** When it happened on the phone; null when the phone sent no plausible time. */
  clientTime: Date | null;
  /** The business's today. */
  today: IsoDate;
  /** The mutation's name, recorded as the audit row's action. */
  action: string;
}

/** Thrown inside a mutation's savepoint to undo it and record it as skipped (its receipt was applied). */
export class SkipMutation extends Error {}
