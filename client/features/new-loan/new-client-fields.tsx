import { Flex, Input, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import { FlagSwitch } from '../../ui/flag-switch';
import { FormField } from '../../ui/form-field';
import type { FieldErrors } from '../../ui/use-schema-form';
import type { NewClientValues } from './new-loan-draft';
import { t } from './new-loan-texts';

/** docs/producto.md §2 inline new-client form: the client rules of docs/producto.md §5 (clientSchema), checked on submit. */
export function NewClientFields({
  values,
  errors,
  municipalities,
  onChange,
}: {
  values: NewClientValues;
  errors: FieldErrors;
  municipalities: readonly { id: number; name: string }[];
  onChange: (patch: Partial<NewClientValues>, field: string) => void;
}) {
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" data-testid="new-client-fields">
      <FormField label={t.nombre} error={errors['new_client.nombre']} required>
        <Input
          name="nuevo_cliente_nombre"
          autoComplete="off"
          size={{ base: 'lg', md: 'md' }}
          value={values.nombre}
          onChange={(e) => onChange({ nombre: e.target.value }, 'new_client.nombre')}
        />
      </FormField>
      <FormField
        label={t.telefono}
        error={errors['new_client.telefono']}
        required
        helperText={t.telefonoAyuda}
      >
        <Input
          name="nuevo_cliente_telefono"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          size={{ base: 'lg', md: 'md' }}
          value={values.telefono}
          onChange={(e) => onChange({ telefono: e.target.value }, 'new_client.telefono')}
        />
      </FormField>
      <FormField label={t.municipio} error={errors['new_client.municipality_id']} required>
        <NativeSelect.Root size={{ base: 'lg', md: 'md' }}>
          <NativeSelect.Field
            name="nuevo_cliente_municipio"
            placeholder={t.municipioPlaceholder}
            value={values.municipality_id}
            onChange={(e) => onChange({ municipality_id: e.target.value }, 'new_client.municipality_id')}
          >
            {municipalities.map((m) => (
              <option key={m.id} value={String(m.id)}>
                {m.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      <Flex wrap="wrap" columnGap="6" rowGap="2" alignSelf="end">
        <FlagSwitch
          label={t.coordinadora}
          checked={values.coordinadora}
          onChange={(checked) => onChange({ coordinadora: checked }, 'new_client.coordinadora')}
        />
        <FlagSwitch
          label={t.empleado}
          checked={values.empleado}
          onChange={(checked) => onChange({ empleado: checked }, 'new_client.empleado')}
        />
      </Flex>
    </SimpleGrid>
  );
}
