import { NativeSelect } from '@chakra-ui/react';

export interface SelectOption {
  value: string;
  label: string;
}

/** A native select over a list of options (filters): the phone's own picker, big enough for a thumb. */
export function OptionsSelect<V extends string>({
  value,
  options,
  onChange,
}: {
  value: V;
  options: readonly SelectOption[];
  onChange: (value: V) => void;
}) {
  return (
    <NativeSelect.Root size={{ base: 'lg', md: 'md' }}>
      <NativeSelect.Field bg="bg" value={value} onChange={(e) => onChange(e.target.value as V)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** 'Todos los municipios' and then each municipality, as select options. */
export const municipalityOptions = (
  municipalities: readonly { id: number; name: string }[],
): SelectOption[] => [
  { value: '', label: 'Todos los municipios' },
  ...municipalities.map((m) => ({ value: String(m.id), label: m.name })),
];
