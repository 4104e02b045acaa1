import { Box, Checkbox, CheckboxGroup, Stack, Text } from '@chakra-ui/react';
import type { Municipality } from '../../../shared/municipalities/types';

/**
 * The municipalities a user works (docs/reglas-del-negocio.md): 'Todos' (null: every municipality of the account, also
 * future ones) or a list. A collector limited to some towns syncs only those to the phone.
 */
export function MunicipalityAssignment({
  value,
  onChange,
  municipalities,
  disabled,
  error,
}: {
  value: number[] | null;
  onChange: (value: number[] | null) => void;
  municipalities: readonly Pick<Municipality, 'id' | 'name'>[];
  /** Another account's user: its municipalities are not listed here, so only 'Todos' applies. */
  disabled: boolean;
  error?: string;
}) {
  const all = value === null;
  return (
    <Stack gap="2" role="group" aria-label="Municipios asignados">
      <Text fontWeight="medium">Municipios asignados</Text>
      <Checkbox.Root
        checked={all}
        disabled={disabled}
        minH="11"
        onCheckedChange={(d) => onChange(d.checked === true ? null : [])}
        data-testid="municipios-todos"
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>Todos los municipios</Checkbox.Label>
      </Checkbox.Root>
      {!all && (
        <Box
          borderWidth="1px"
          borderColor={error ? 'border.error' : 'border'}
          borderRadius="md"
          maxH="60"
          overflowY="auto"
        >
          <CheckboxGroup
            value={(value ?? []).map(String)}
            onValueChange={(next) => onChange(next.map(Number))}
            aria-label="Municipios"
          >
            <Stack gap="0">
              {municipalities.map((m) => (
                <Checkbox.Root
                  key={m.id}
                  value={String(m.id)}
                  minH="11"
                  px="3"
                  py="2"
                  borderBottomWidth="1px"
                  borderColor="border.muted"
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{m.name}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </Stack>
          </CheckboxGroup>
        </Box>
      )}
      <Text
        fontSize="sm"
        color={error ? 'fg.error' : 'fg.muted'}
        data-testid={error ? 'field-error' : undefined}
      >
        {error ??
          (all
            ? 'Ve y sincroniza todos los municipios, también los que se agreguen.'
            : 'Solo estos municipios llegan a su teléfono; al cambiarlos, su teléfono se actualiza en la siguiente sincronización.')}
      </Text>
    </Stack>
  );
}
