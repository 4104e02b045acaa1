import type { PaymentActor } from '../payments/apply-payment';

/** Who pushed a mutation, from which device, with which id (DESIGN §4). */
export interface MutationContext extends PaymentActor {
  clientId: string;
  mutationId: number;
}

/** Thrown inside a mutation's savepoint to undo it and record it as skipped (its receipt was applied). */
export class SkipMutation extends Error {}
