import type { FieldSpec } from '../../ui/field-spec';

/** What an egreso and an inversión both begin with: when, how much, and who answers for it (docs/producto.md §5). */
export const movementFields: readonly FieldSpec<{ fecha: string; importe: string; responsable: string }>[] = [
  { kind: 'date', name: 'fecha', label: 'Fecha' },
  { kind: 'money', name: 'importe', label: 'Importe' },
  { kind: 'text', name: 'responsable', label: 'Responsable' },
];
