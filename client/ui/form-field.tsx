import { Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * A label, one input, and its Spanish message under it. Chakra's Input, Textarea and NativeSelect.Field
 * placed inside pick up the label's id, `aria-invalid` and `aria-describedby` from the field context.
 * `required` only draws the mark (*): the schema decides, the browser's bubbles stay off. `disabled` goes on
 * the field: inside a Field, Chakra reads a NativeSelect's disabled state from the field, not from its Root.
 */
export function FormField({
  label,
  error,
  required = false,
  disabled = false,
  helperText,
  children,
}: {
  label: string;
  error?: string | undefined;
  required?: boolean;
  disabled?: boolean;
  helperText?: string;
  children: ReactNode;
}) {
  return (
    <Field.Root invalid={Boolean(error)} required={required} disabled={disabled}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {helperText && !error && <Field.HelperText>{helperText}</Field.HelperText>}
      <Field.ErrorText data-testid="field-error">{error}</Field.ErrorText>
    </Field.Root>
  );
}
