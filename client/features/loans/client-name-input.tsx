import { Input } from '@chakra-ui/react';
import { useState } from 'react';

/**
 * The client-name filter. It keeps its own text (the URL follows it), so fast typing is never overwritten by
 * the router catching up; the panel remounts it (a new key) when 'Limpiar Filtros' empties the filter.
 */
export function ClientNameInput({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const [text, setText] = useState(value);
  return (
    <Input
      type="search"
      bg="bg"
      size={{ base: 'lg', md: 'md' }}
      autoComplete="off"
      placeholder="Nombre del cliente"
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onChange(event.target.value);
      }}
    />
  );
}
