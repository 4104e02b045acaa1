import { IconButton, Input, InputGroup } from '@chakra-ui/react';
import { useState } from 'react';
import { IconEye, IconEyeOff } from './icons';

/** A password input with a show/hide toggle (docs/producto.md §2). Chakra v3 ships PasswordInput only as a snippet. */
export function PasswordInput({
  value,
  onChange,
  name = 'password',
  autoComplete = 'new-password',
}: {
  value: string;
  onChange: (value: string) => void;
  name?: string;
  autoComplete?: string;
}) {
  const [visible, setVisible] = useState(false);
  return (
    <InputGroup
      endElementProps={{ pe: '1' }}
      endElement={
        <IconButton
          type="button"
          variant="ghost"
          size="sm"
          aria-label={visible ? 'Ocultar contraseña' : 'Mostrar contraseña'}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <IconEyeOff /> : <IconEye />}
        </IconButton>
      }
    >
      <Input
        name={name}
        type={visible ? 'text' : 'password'}
        autoComplete={autoComplete}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        pe="12"
      />
    </InputGroup>
  );
}
