// What the new-loan form holds while it is being filled in. Values stay as typed (text); defaults the screen
// computes (date, group, payment method) are null until the user changes them, so they follow the client.
import * as v from 'valibot';
import { MAX_GUARANTEES, MIN_GUARANTEES } from '../../../shared/loans/new-loan-schema';

export type ClientMode = 'existing' | 'new';

export interface NewClientValues {
  nombre: string;
  telefono: string;
  municipality_id: string;
  coordinadora: boolean;
  empleado: boolean;
}

export interface NewLoanDraft {
  clientMode: ClientMode;
  /** The existing client picked from the suggestions. */
  clientId: number | null;
  clientQuery: string;
  newClient: NewClientValues;
  /** null: the default method (SEMANAL, else the first). */
  paymentMethodId: string | null;
  montoCredito: string;
  /** null: the default date of the client's municipality (docs/producto.md §9), recomputed when the client changes. */
  fechaInicio: string | null;
  /** null: the municipality's last group number. */
  grupo: string | null;
  nombreAval: string;
  telefonoAval: string;
  garantias: string[];
}

export const emptyNewClient = (): NewClientValues => ({
  nombre: '',
  telefono: '',
  municipality_id: '',
  coordinadora: false,
  empleado: false,
});

/** docs/producto.md §9: the form starts with 2 guarantee rows. */
export const emptyDraft = (): NewLoanDraft => ({
  clientMode: 'existing',
  clientId: null,
  clientQuery: '',
  newClient: emptyNewClient(),
  paymentMethodId: null,
  montoCredito: '',
  fechaInicio: null,
  grupo: null,
  nombreAval: '',
  telefonoAval: '',
  garantias: Array.from({ length: MIN_GUARANTEES }, () => ''),
});

export const canAddGuarantee = (garantias: readonly string[]) => garantias.length < MAX_GUARANTEES;
export const canRemoveGuarantee = (garantias: readonly string[]) => garantias.length > MIN_GUARANTEES;

export const addGuarantee = (garantias: readonly string[]): string[] =>
  canAddGuarantee(garantias) ? [...garantias, ''] : [...garantias];

export const removeGuarantee = (garantias: readonly string[], index: number): string[] =>
  canRemoveGuarantee(garantias) ? garantias.filter((_, i) => i !== index) : [...garantias];

const text = v.pipe(v.string(), v.maxLength(500));
const nullableText = v.nullable(text);

/** A stored draft (sessionStorage): anything else (an older shape, a hand edit) is dropped, not trusted. */
const draftSchema = v.object({
  clientMode: v.picklist(['existing', 'new']),
  clientId: v.nullable(v.pipe(v.number(), v.safeInteger(), v.minValue(1))),
  clientQuery: text,
  newClient: v.object({
    nombre: text,
    telefono: text,
    municipality_id: text,
    coordinadora: v.boolean(),
    empleado: v.boolean(),
  }),
  paymentMethodId: nullableText,
  montoCredito: text,
  fechaInicio: nullableText,
  grupo: nullableText,
  nombreAval: text,
  telefonoAval: text,
  garantias: v.pipe(v.array(text), v.minLength(MIN_GUARANTEES), v.maxLength(MAX_GUARANTEES)),
});

export function parseDraft(stored: string | null): NewLoanDraft | null {
  if (!stored) return null;
  try {
    const result = v.safeParse(draftSchema, JSON.parse(stored));
    return result.success ? result.output : null;
  } catch {
    return null;
  }
}
