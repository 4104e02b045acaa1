import type { ReactNode } from 'react';
import type { SelectOption } from './options-select';

/** Keys of V whose values are of type T, leaving out an index signature (form states extend Record). */
type KeysOfType<V, T> = keyof {
  [K in keyof V as string extends K ? never : V[K] extends T ? K : never]: V[K];
} &
  string;
/** Keys of a form's values that hold text: inputs and selects keep text until the schema reads it. */
export type TextKey<V> = KeysOfType<V, string>;
/** Keys of a form's values that hold a yes/no flag. */
export type FlagKey<V> = KeysOfType<V, boolean>;

interface LabelledField {
  label: string;
  /** Draws the mark (*) only; the shared schema decides. Default true: most catalogue fields are. */
  required?: boolean;
  /** Under the field while it has no message. */
  helperText?: string;
  disabled?: boolean;
  /** Said under the field when the schema has nothing to say there (its options failed to load). */
  error?: string | null;
}

/**
 * How each kind is typed on a phone: 'email' and 'tel' bring their keyboards, 'money' the decimal pad and
 * '0.00', 'date' the native picker, 'password' a show/hide toggle. Browsers' autofill stays off unless
 * `autoComplete` says otherwise.
 */
export type InputKind = 'text' | 'email' | 'tel' | 'money' | 'date' | 'textarea' | 'password';

export interface InputField<V> extends LabelledField {
  kind: InputKind;
  name: TextKey<V>;
  autoComplete?: string;
  placeholder?: string;
  size?: 'md' | 'lg';
  /** Forced to upper case as it is typed, the caret kept in place (a role's name, docs/producto.md §2). */
  upperCase?: boolean;
}

export interface SelectField<V> extends LabelledField {
  kind: 'select';
  name: TextKey<V>;
  options: readonly SelectOption[];
  /** A first, empty option ('Seleccione un municipio'). */
  placeholder?: string;
  /** Replaces setting the value: a choice that also clears what depended on it (a user's account). */
  onChange?: (value: string) => void;
}

/** Yes/no switches side by side from `sm` (a client's Coordinadora / Empleado). */
export interface FlagsField<V> {
  kind: 'flags';
  flags: readonly { name: FlagKey<V>; label: string }[];
}

/** A part of the form no kind describes (a permission checklist); it reads and sets the form itself. */
export interface CustomField {
  kind: 'custom';
  key: string;
  node: ReactNode;
}

/** One entry of a declarative form: see SchemaFields. */
export type FieldSpec<V> = InputField<V> | SelectField<V> | FlagsField<V> | CustomField;
