import { NativeSelect } from '@chakra-ui/react';

export interface SelectOption {
  value: string;
  label: string;
}

/**
 * A native select over a list of options: the phone's own picker. Filters take the default size (big
 * enough for a thumb); a form field passes 'md' to line up with its inputs. `placeholder` is a first,
 * empty option ('Seleccione un día').
 */
export function OptionsSelect<V extends string>({
  value,
  options,
  onChange,
  name,
  placeholder,
  size = { base: 'lg', md: 'md' },
}: {
  value: V;
  options: readonly SelectOption[];
  onChange: (value: V) => void;
  name?: string;
  placeholder?: string;
  size?: 'md' | { base: 'lg'; md: 'md' };
}) {
  return (
    <NativeSelect.Root size={size}>
      <NativeSelect.Field
        bg="bg"
        name={name}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value as V)}
      >
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
