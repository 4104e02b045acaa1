import { Input } from '@chakra-ui/react';

/** A list's client-side filter box: 44 px tall on phones, full width there, labelled for screen readers. */
export function SearchInput({
  value,
  onChange,
  label,
  placeholder,
}: {
  value: string;
  onChange: (value: string) => void;
  /** Accessible name, e.g. 'Buscar por nombre'. */
  label: string;
  placeholder?: string;
}) {
  return (
    <Input
      type="search"
      bg="bg"
      size={{ base: 'lg', md: 'md' }}
      maxW={{ base: 'full', md: 'sm' }}
      aria-label={label}
      placeholder={placeholder ?? label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
