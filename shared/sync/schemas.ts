import * as v from 'valibot';
import { syncMessages as m } from '../payments/messages';
import { PULL_FORMATS } from './columnar';

export const MAX_MUTATIONS_PER_PUSH = 1000;
export const DEFAULT_PULL_LIMIT = 2000;
export const MAX_PULL_LIMIT = 5000;

const clientId = v.pipe(v.string(m.clienteInvalido), v.uuid(m.clienteInvalido));

/**
 * The envelope only: a mutation's `args` are checked by its own schema when it is applied, so a bad entry
 * is rejected on its own and never blocks the queue. A clientTime that is not a date is kept as null.
 */
export const mutationSchema = v.object({
  id: v.pipe(
    v.number(m.idMutacionInvalido),
    v.safeInteger(m.idMutacionInvalido),
    v.minValue(1, m.idMutacionInvalido),
  ),
  name: v.pipe(v.string(m.nombreMutacionInvalido), v.nonEmpty(m.nombreMutacionInvalido), v.maxLength(100)),
  args: v.optional(v.unknown()),
  clientTime: v.optional(v.nullable(v.unknown())),
});

/** POST /api/sync/push. Ids should increase by one; the server sorts out replays and gaps (docs/sincronizacion.md). */
export const pushSchema = v.object({
  clientId,
  mutations: v.pipe(
    v.array(mutationSchema, m.mutacionesInvalidas),
    v.maxLength(MAX_MUTATIONS_PER_PUSH, m.mutacionesInvalidas),
  ),
  /** Entries the phone still holds after these ('En campo' shows it); absent from older phones. */
  pendientes: v.optional(v.pipe(v.number(), v.safeInteger(), v.minValue(0), v.maxValue(10_000_000))),
});
export type PushInput = v.InferOutput<typeof pushSchema>;

/** POST /api/sync/pull. */
export const pullSchema = v.object({
  clientId,
  cursor: v.optional(
    v.nullable(v.union([v.string(m.cursorInvalido), v.number(m.cursorInvalido)], m.cursorInvalido)),
  ),
  limit: v.optional(
    v.pipe(
      v.number(m.limiteInvalido),
      v.safeInteger(m.limiteInvalido),
      v.minValue(1, m.limiteInvalido),
      v.maxValue(MAX_PULL_LIMIT, m.limiteInvalido),
    ),
    DEFAULT_PULL_LIMIT,
  ),
  /** 'columnas': the compact page (shared/sync/columnar.ts); absent: one object per row. */
  format: v.optional(v.picklist(PULL_FORMATS, m.formatoInvalido)),
  /** The payment events too (decision 021); absent: a device of an earlier version, which has nowhere to keep them. */
  pagos: v.optional(v.boolean(m.pagosInvalido), false),
});
export type PullInput = v.InferOutput<typeof pullSchema>;

/** GET /api/sync/conflicts?reviewed=false|true|all (default false: the ones still to review). */
export const conflictListQuerySchema = v.object({
  reviewed: v.optional(v.picklist(['true', 'false', 'all'], 'Filtro no válido'), 'false'),
});
