import { Button, HStack, Input, Text } from '@chakra-ui/react';
import { FormField } from '../../ui/form-field';
import type { FieldErrors } from '../../ui/use-schema-form';
import { FormSection } from './form-section';
import { canAddGuarantee, canRemoveGuarantee } from './new-loan-draft';
import { t } from './new-loan-texts';

const size = { base: 'lg', md: 'md' } as const;

/** docs/producto.md §5, §9: 2 to 5 guarantees, each with its description; the form starts with 2 rows. */
export function GuaranteeFields({
  garantias,
  errors,
  onChange,
  onAdd,
  onRemove,
}: {
  garantias: readonly string[];
  errors: FieldErrors;
  onChange: (index: number, value: string) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
}) {
  const removable = canRemoveGuarantee(garantias);
  return (
    <FormSection title={t.seccionGarantias} testId="guarantee-section">
      {garantias.map((value, i) => (
        // A row's position is its identity: rows have no id, and removing one renumbers the rest.
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are plain texts identified by position
        <FormField key={i} label={t.garantia(i + 1)} error={errors[`garantias.${i}`]} required>
          <HStack w="full" gap="2" align="stretch">
            <Input
              name={`garantia_${i + 1}`}
              autoComplete="off"
              size={size}
              flex="1"
              minW="0"
              placeholder={t.garantiaPlaceholder}
              value={value}
              onChange={(e) => onChange(i, e.target.value)}
            />
            {removable && (
              <Button
                variant="outline"
                colorPalette="red"
                size={size}
                aria-label={t.quitarGarantia(i + 1)}
                onClick={() => onRemove(i)}
              >
                {t.quitar}
              </Button>
            )}
          </HStack>
        </FormField>
      ))}
      {errors.garantias && (
        <Text color="fg.error" fontSize="sm" data-testid="field-error">
          {errors.garantias}
        </Text>
      )}
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Text fontSize="sm" color="fg.muted">
          {t.garantiasAyuda}
        </Text>
        <Button variant="outline" size={size} onClick={onAdd} disabled={!canAddGuarantee(garantias)}>
          {t.agregarGarantia}
        </Button>
      </HStack>
    </FormSection>
  );
}
