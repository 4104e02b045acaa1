// POST /api/save-loan (docs/producto.md §2 New loan, §5 rules): one schema for the form and the server. The server never
// trusts computed amounts: it ignores any sent and recomputes them (shared/loans/new-loan-figures.ts).
import * as v from 'valibot';
import { clientSchema } from '../clients/schemas';
import { isIsoDate } from '../dates';
import { type Cents, toCents } from '../money';
import { parseSelectId } from '../validation/ids';
import { newLoanMessages as m } from './new-loan-messages';

export const MIN_GUARANTEES = 2;
export const MAX_GUARANTEES = 5;
/** numeric(14,2) holds more; this catches a typo of extra zeros. */
export const MAX_LOAN_CENTS = 10_000_000_00;

const optionalId = (message: string) =>
  v.optional(
    v.pipe(
      v.unknown(),
      v.transform((value) =>
        value === null || value === undefined || value === '' ? null : parseSelectId(value),
      ),
      v.nullable(v.number(message)),
    ),
    null,
  );

/** Pesos as a number or numeric text ("1500", "1,500.50") → centavos, > 0. */
export const montoCredito = v.pipe(
  v.unknown(),
  v.transform((value): number | null =>
    typeof value === 'number' || typeof value === 'string' ? toCents(value) : null,
  ),
  v.number(m.montoInvalido),
  v.minValue(1, m.montoInvalido),
  v.maxValue(MAX_LOAN_CENTS, m.montoInvalido),
  v.transform((value) => value as Cents),
);

export const fecha = v.pipe(
  v.string(m.fechaRequerida),
  v.trim(),
  v.check(isIsoDate, m.fechaRequerida),
  // A typo like 2206 would make a schedule no one can collect (and, past 9999, one Postgres refuses).
  v.check((date) => !isIsoDate(date) || (date >= '2000-01-01' && date <= '2099-12-31'), m.fechaFueraDeRango),
);

export const grupo = v.optional(
  v.pipe(
    v.unknown(),
    v.transform((value) => (value === '' || value === null || value === undefined ? null : Number(value))),
    v.nullable(
      v.pipe(v.number(m.grupoInvalido), v.safeInteger(m.grupoInvalido), v.minValue(1, m.grupoInvalido)),
    ),
  ),
  null,
);

export const optionalText = (max: number) =>
  v.optional(
    v.pipe(
      v.nullable(v.string()),
      v.transform((s) => (s ?? '').trim()),
      v.maxLength(max, `Máximo ${max} caracteres`),
    ),
    '',
  );

/**
 * docs/producto.md §5: at least 2 guarantees with a description, each row's description required; at most 5 (docs/producto.md §9).
 * The per-row message is a raw check (not the item schema), so a list of blank rows also hears that it
 * needs 2 valid ones.
 */
export const garantias = v.pipe(
  v.optional(v.array(v.pipe(v.string(m.garantiaDescripcion), v.trim(), v.maxLength(200))), []),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    dataset.value.forEach((text, key) => {
      if (text === '')
        addIssue({
          message: m.garantiaDescripcion,
          path: [{ type: 'array', origin: 'value', input: dataset.value, key, value: text }],
        });
    });
  }),
  v.check((list) => list.filter((text) => text !== '').length >= MIN_GUARANTEES, m.garantiasMinimo),
  v.maxLength(MAX_GUARANTEES, m.garantiasMaximo),
);

export const newLoanSchema = v.pipe(
  v.object({
    /** An existing client of the account… */
    client_id: optionalId(m.clienteInvalido),
    /** …or a new one, registered in the same transaction (docs/producto.md §2 inline new-client form). */
    new_client: v.optional(v.nullable(clientSchema), null),
    payment_method_id: v.optional(
      v.pipe(v.unknown(), v.transform(parseSelectId), v.number(m.modalidadRequerida)),
      '',
    ),
    monto_credito: v.optional(montoCredito, ''),
    fecha_inicio: v.optional(fecha, ''),
    /** Missing: the municipality's last group number (1 when none). */
    grupo,
    nombre_aval: optionalText(150),
    telefono_aval: optionalText(40),
    garantias,
    /**
     * The loan the form showed as being renewed (null: none). The server finds the client's open loan
     * itself; when it differs from this one (a concurrent renewal settled it) the save is refused.
     */
    previous_loan_id: v.optional(optionalId(m.anteriorInvalido)),
  }),
  // A partial check runs even when other fields are wrong, so an empty form says the client is missing too.
  v.forward(
    v.partialCheck(
      [['client_id'], ['new_client']],
      (input) => (input.client_id === null) !== (input.new_client === null),
      m.clienteInvalido,
    ),
    ['client_id'],
  ),
);
export type NewLoanInput = v.InferOutput<typeof newLoanSchema>;
export type NewLoanForm = v.InferInput<typeof newLoanSchema>;
