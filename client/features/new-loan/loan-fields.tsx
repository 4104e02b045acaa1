import { Input, InputGroup, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import { formatMoney } from '../../../shared/money';
import { COLLECTION_DAY_LABELS } from '../../../shared/municipalities/schemas';
import type { PaymentMethod } from '../../../shared/payment-methods/types';
import { FormField } from '../../ui/form-field';
import type { FieldErrors } from '../../ui/use-schema-form';
import { FormSection } from './form-section';
import type { NewLoanDraft } from './new-loan-draft';
import { t } from './new-loan-texts';
import type { ResolvedForm } from './resolve-form';
import type { LastGroup } from './use-last-group';

const size = { base: 'lg', md: 'md' } as const;

function groupHelp(lastGroup: LastGroup, hasMunicipality: boolean): string | undefined {
  if (!hasMunicipality || lastGroup.value === null) return undefined;
  if (lastGroup.fallback === 'offline') return t.grupoSinConexion;
  if (lastGroup.fallback === 'error') return t.grupoSinRespuesta;
  return t.grupoAyuda(lastGroup.value);
}

/** docs/producto.md §2 payment mode, amount and date, and the group (docs/reglas-del-negocio.md default: the municipality's last one). */
export function LoanFields({
  draft,
  resolved,
  methods,
  lastGroup,
  errors,
  onUpdate,
}: {
  draft: NewLoanDraft;
  resolved: ResolvedForm;
  methods: readonly PaymentMethod[];
  lastGroup: LastGroup;
  errors: FieldErrors;
  onUpdate: (patch: Partial<NewLoanDraft>, ...fields: string[]) => void;
}) {
  const { method, municipality } = resolved;
  return (
    <FormSection title={t.seccionPrestamo} testId="loan-section">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FormField
          label={t.modalidad}
          error={errors.payment_method_id ?? (methods.length === 0 ? t.sinModalidades : undefined)}
          required
        >
          <NativeSelect.Root size={size}>
            <NativeSelect.Field
              name="payment_method_id"
              placeholder={t.modalidadPlaceholder}
              value={resolved.paymentMethodId}
              onChange={(e) =>
                onUpdate(
                  { paymentMethodId: e.target.value },
                  'payment_method_id',
                  'monto_credito',
                  'nombre_aval',
                  'telefono_aval',
                )
              }
            >
              {methods.map((m) => (
                <option key={m.id} value={String(m.id)}>
                  {m.modalidad_pago}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField
          label={t.monto}
          error={errors.monto_credito}
          required
          helperText={
            method
              ? t.rangoMonto(formatMoney(method.monto_minimo), formatMoney(method.monto_maximo))
              : undefined
          }
        >
          <InputGroup startElement="$">
            <Input
              name="monto_credito"
              inputMode="decimal"
              autoComplete="off"
              size={size}
              placeholder="0.00"
              value={draft.montoCredito}
              onChange={(e) => onUpdate({ montoCredito: e.target.value }, 'monto_credito')}
            />
          </InputGroup>
        </FormField>
        <FormField
          label={t.fecha}
          error={errors.fecha_inicio}
          required
          helperText={
            municipality ? t.fechaAyuda(COLLECTION_DAY_LABELS[municipality.collection_day]) : undefined
          }
        >
          <Input
            name="fecha_inicio"
            type="date"
            size={size}
            value={resolved.fechaInicio}
            onChange={(e) => onUpdate({ fechaInicio: e.target.value }, 'fecha_inicio')}
          />
        </FormField>
        <FormField
          label={t.grupo}
          error={errors.grupo}
          helperText={groupHelp(lastGroup, municipality !== null)}
        >
          <Input
            name="grupo"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            size={size}
            value={resolved.grupo}
            onChange={(e) => onUpdate({ grupo: e.target.value }, 'grupo')}
          />
        </FormField>
      </SimpleGrid>
    </FormSection>
  );
}
