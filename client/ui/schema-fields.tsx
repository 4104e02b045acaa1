import { Input, SimpleGrid, Textarea } from '@chakra-ui/react';
import { type ChangeEvent, Fragment } from 'react';
import type { FieldSpec, InputField } from './field-spec';
import { FlagSwitch } from './flag-switch';
import { FormField } from './form-field';
import { OptionsSelect } from './options-select';
import { PasswordInput } from './password-input';
import type { SchemaForm } from './use-schema-form';

/** Upper-cases as the user types without throwing the caret to the end. */
function upperCaseInPlace(event: ChangeEvent<HTMLInputElement>): string {
  const input = event.target;
  const { selectionStart, selectionEnd } = input;
  const upper = input.value.toUpperCase();
  if (upper !== input.value) {
    input.value = upper;
    input.setSelectionRange(selectionStart, selectionEnd);
  }
  return upper;
}

function FieldInput({
  field,
  value,
  onChange,
}: {
  field: Omit<InputField<unknown>, 'name'> & { name: string };
  value: string;
  onChange: (value: string) => void;
}) {
  const { kind, name, placeholder, size } = field;
  const autoComplete = field.autoComplete ?? 'off';
  switch (kind) {
    case 'password':
      return <PasswordInput name={name} value={value} onChange={onChange} />;
    case 'textarea':
      return <Textarea name={name} rows={3} value={value} onChange={(e) => onChange(e.target.value)} />;
    case 'date':
      return <Input type="date" name={name} value={value} onChange={(e) => onChange(e.target.value)} />;
    default:
      return (
        <Input
          name={name}
          autoComplete={autoComplete}
          value={value}
          onChange={(e) => onChange(field.upperCase ? upperCaseInPlace(e) : e.target.value)}
          size={size}
          placeholder={placeholder ?? (kind === 'money' ? '0.00' : undefined)}
          {...(kind === 'email' && { type: 'email', inputMode: 'email' as const })}
          {...(kind === 'tel' && { type: 'tel', inputMode: 'tel' as const })}
          {...(kind === 'money' && { inputMode: 'decimal' as const })}
        />
      );
  }
}

/**
 * A form declared as data (FieldSpec): each field is a label, its input and the shared schema's Spanish
 * message under it, read from and written to a SchemaForm (setting a value clears its message).
 */
export function SchemaFields<V extends Record<string, unknown>>({
  form,
  fields,
}: {
  form: SchemaForm<V, unknown>;
  fields: readonly FieldSpec<NoInfer<V>>[];
}) {
  const { values, errors } = form;
  // The kinds only name keys of the right type (TextKey, FlagKey); the setter cannot know that.
  const set = form.setValue as (name: string, value: unknown) => void;
  const text = (name: string) => String(values[name] ?? '');
  return fields.map((field) => {
    switch (field.kind) {
      case 'custom':
        return <Fragment key={field.key}>{field.node}</Fragment>;
      case 'flags':
        return (
          <SimpleGrid key={field.flags.map((f) => f.name).join()} columns={{ base: 1, sm: 2 }} gap="2">
            {field.flags.map((flag) => (
              <FlagSwitch
                key={flag.name}
                label={flag.label}
                checked={values[flag.name] === true}
                onChange={(checked) => set(flag.name, checked)}
              />
            ))}
          </SimpleGrid>
        );
      default:
        return (
          <FormField
            key={field.name}
            label={field.label}
            error={errors[field.name] ?? field.error ?? undefined}
            required={field.required ?? true}
            disabled={field.disabled}
            helperText={field.helperText}
          >
            {field.kind === 'select' ? (
              <OptionsSelect
                name={field.name}
                size="md"
                placeholder={field.placeholder}
                value={text(field.name)}
                options={field.options}
                onChange={field.onChange ?? ((value) => set(field.name, value))}
              />
            ) : (
              <FieldInput
                field={field}
                value={text(field.name)}
                onChange={(value) => set(field.name, value)}
              />
            )}
          </FormField>
        );
    }
  });
}
