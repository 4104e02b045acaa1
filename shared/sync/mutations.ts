// The registry of what a device may push (docs/sincronizacion.md §2): for each mutation, the schema of its
// arguments, the permission it needs and whether it is a payment of the ledger. The server's push parses and
// checks every mutation from here (server/sync/mutations.ts holds one handler per name); the phone's mutators
// (client/mutators/) write entries whose arguments are these schemas' input.
import * as v from 'valibot';
import { cashCountCreateMutationSchema } from '../cash-counts/schemas';
import { clientLocationSaveSchema } from '../location/schemas';
import {
  amortizationUpdateMutationSchema,
  paymentCorrectSchema,
  paymentRecordSchema,
} from '../payments/schemas';
import type { Permission } from '../permissions';
import { visitCreateMutationSchema } from '../visits/schemas';
import { MUTATION, type MutationName } from './types';

interface MutationRule {
  args: v.GenericSchema;
  /** Checked per mutation; the push call itself also asks for PAGOS_REGISTRAR (docs/producto.md §6.1). */
  permission: Permission | null;
  /** Staged with the other payments of its push on the loans the push locks (server/payments/ledger-batch.ts). */
  ledger: boolean;
}

export const MUTATIONS = {
  [MUTATION.paymentRecord]: { args: paymentRecordSchema, permission: 'PAGOS_REGISTRAR', ledger: true },
  [MUTATION.paymentCorrect]: { args: paymentCorrectSchema, permission: 'PAGOS_REGISTRAR', ledger: true },
  /** A row edit, as queued by earlier versions and by the office's inline edit (converted to payment events). */
  [MUTATION.amortizationUpdate]: {
    args: amortizationUpdateMutationSchema,
    permission: 'PAGOS_REGISTRAR',
    ledger: true,
  },
  [MUTATION.visitCreate]: { args: visitCreateMutationSchema, permission: 'PAGOS_REGISTRAR', ledger: false },
  [MUTATION.cashCountCreate]: {
    args: cashCountCreateMutationSchema,
    permission: 'PAGOS_REGISTRAR',
    ledger: false,
  },
  /** 'Guardar ubicación': the client's place, saved at the door (decision 029). */
  [MUTATION.clientLocationSave]: {
    args: clientLocationSaveSchema,
    permission: 'PAGOS_REGISTRAR',
    ledger: false,
  },
  /** An entry undone on the phone before it was sent: it keeps its id (no gap) and changes nothing. */
  [MUTATION.cancelled]: { args: v.unknown(), permission: null, ledger: false },
} as const satisfies Record<MutationName, MutationRule>;

type Registry = typeof MUTATIONS;

/** A mutation's arguments once its schema has read them. */
export type MutationArgs<N extends MutationName> = v.InferOutput<Registry[N]['args']>;

export type LedgerMutationName = {
  [N in MutationName]: Registry[N]['ledger'] extends true ? N : never;
}[MutationName];

export const isMutationName = (name: string): name is MutationName => Object.hasOwn(MUTATIONS, name);

export const isLedgerMutation = (name: string): name is LedgerMutationName =>
  isMutationName(name) && MUTATIONS[name].ledger;
