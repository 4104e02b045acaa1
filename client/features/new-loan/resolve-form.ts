// The values the form stands for once its defaults are filled in (docs/producto.md §9): payment method SEMANAL (else the
// first), the loan date of the client's municipality's collection day, and the municipality's last group.
import type { IsoDate } from '../../../shared/dates';
import { defaultLoanDate } from '../../../shared/loans/default-date';
import type { CollectionDay } from '../../../shared/municipalities/schemas';
import type { PaymentMethod } from '../../../shared/payment-methods/types';
import { parseSelectId } from '../../../shared/validation/ids';
import type { SearchableClient } from './client-suggestions';
import type { NewLoanDraft } from './new-loan-draft';

export interface CatalogMunicipality {
  id: number;
  name: string;
  collection_day: CollectionDay;
  delete: boolean;
}

/** What the form offers, read from the device store. */
export interface LoanCatalog {
  clients: readonly SearchableClient[];
  /** Every municipality, deleted ones included: an old client may still live in one. */
  municipalities: readonly CatalogMunicipality[];
  methods: readonly PaymentMethod[];
}

export interface ResolvedForm {
  /** The existing client picked, when it is still in the catalog. */
  client: SearchableClient | null;
  /** The flags that set the terms (docs/producto.md §9), of the picked client or of the new one. */
  clientFlags: { coordinadora: boolean; empleado: boolean } | null;
  municipality: CatalogMunicipality | null;
  method: PaymentMethod | null;
  paymentMethodId: string;
  fechaInicio: string;
  grupo: string;
}

export const defaultMethod = (methods: readonly PaymentMethod[]): PaymentMethod | null =>
  methods.find((m) => m.modalidad_pago === 'SEMANAL') ?? methods[0] ?? null;

/** The municipality whose collection day and groups the loan follows: the picked client's, or the new one's. */
export function municipalityIdOf(draft: NewLoanDraft, catalog: LoanCatalog): number | null {
  const id =
    draft.clientMode === 'new'
      ? parseSelectId(draft.newClient.municipality_id)
      : catalog.clients.find((c) => c.id === draft.clientId)?.municipality_id;
  return id !== undefined && Number.isSafeInteger(id) ? id : null;
}

export function resolveForm(
  draft: NewLoanDraft,
  catalog: LoanCatalog,
  context: { today: IsoDate; lastGroup: number | null },
): ResolvedForm {
  const isNew = draft.clientMode === 'new';
  const client = isNew ? null : (catalog.clients.find((c) => c.id === draft.clientId) ?? null);
  const municipalityId = municipalityIdOf(draft, catalog);
  const municipality = catalog.municipalities.find((m) => m.id === municipalityId) ?? null;
  const method =
    draft.paymentMethodId === null
      ? defaultMethod(catalog.methods)
      : (catalog.methods.find((m) => String(m.id) === draft.paymentMethodId) ?? null);
  const fallbackDate = municipality ? defaultLoanDate(municipality.collection_day, context.today) : '';
  const fallbackGroup = municipality && context.lastGroup !== null ? String(context.lastGroup) : '';
  return {
    client,
    clientFlags: isNew ? draft.newClient : client,
    municipality,
    method,
    paymentMethodId: draft.paymentMethodId ?? (method ? String(method.id) : ''),
    fechaInicio: draft.fechaInicio ?? fallbackDate,
    grupo: draft.grupo ?? fallbackGroup,
  };
}
