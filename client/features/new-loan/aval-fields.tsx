import { Input, SimpleGrid, Text } from '@chakra-ui/react';
import { FormField } from '../../ui/form-field';
import type { FieldErrors } from '../../ui/use-schema-form';
import { FormSection } from './form-section';
import type { NewLoanDraft } from './new-loan-draft';
import { t } from './new-loan-texts';

const size = { base: 'lg', md: 'md' } as const;

/** docs/producto.md §5: the guarantor's name and phone, shown only for a payment method that requires one. */
export function AvalFields({
  draft,
  errors,
  onUpdate,
}: {
  draft: NewLoanDraft;
  errors: FieldErrors;
  onUpdate: (patch: Partial<NewLoanDraft>, ...fields: string[]) => void;
}) {
  return (
    <FormSection title={t.seccionAval} testId="aval-section">
      <Text fontSize="sm" color="fg.muted">
        {t.avalAyuda}
      </Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FormField label={t.nombreAval} error={errors.nombre_aval} required>
          <Input
            name="nombre_aval"
            autoComplete="off"
            size={size}
            value={draft.nombreAval}
            onChange={(e) => onUpdate({ nombreAval: e.target.value }, 'nombre_aval')}
          />
        </FormField>
        <FormField label={t.telefonoAval} error={errors.telefono_aval} required helperText={t.telefonoAyuda}>
          <Input
            name="telefono_aval"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            size={size}
            value={draft.telefonoAval}
            onChange={(e) => onUpdate({ telefonoAval: e.target.value }, 'telefono_aval')}
          />
        </FormField>
      </SimpleGrid>
    </FormSection>
  );
}
