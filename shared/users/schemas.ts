import * as v from 'valibot';
import { loginSchema } from '../auth/schemas';
import { nullableId, optionalId, parseSelectId, requiredId } from '../validation/ids';
import { requiredText } from '../validation/text';
import { userMessages as m } from './messages';

export const PASSWORD_MIN_LENGTH = 6;
const PASSWORD_MAX_LENGTH = 200;

// Same email rule as the login form (required, trimmed, lower-cased, email-shaped).
const email = loginSchema.entries.email;

const newPassword = v.pipe(
  v.string(m.contrasenaRequerida),
  v.nonEmpty(m.contrasenaRequerida),
  v.minLength(PASSWORD_MIN_LENGTH, m.contrasenaCorta),
  v.maxLength(PASSWORD_MAX_LENGTH, m.contrasenaLarga),
);

// docs/producto.md §5: on edit an empty password is omitted; absent, null and '' all mean "keep the current one".
const changedPassword = v.pipe(
  v.optional(v.nullable(v.string(m.contrasenaInvalida))),
  v.transform((value) => (value ? value : undefined)),
  v.check((value) => value === undefined || value.length >= PASSWORD_MIN_LENGTH, m.contrasenaCorta),
  v.check((value) => value === undefined || value.length <= PASSWORD_MAX_LENGTH, m.contrasenaLarga),
);

/**
 * The municipalities the user works (docs/reglas-del-negocio.md): null is 'Todos' (every municipality of the account, now and
 * later); a list limits what the user reads and syncs. Absent on an edit keeps the current assignment.
 */
const municipios = v.optional(
  v.nullable(
    v.pipe(
      v.array(
        v.pipe(v.unknown(), v.transform(parseSelectId), v.number(m.municipiosInvalidos)),
        m.municipiosInvalidos,
      ),
      v.maxLength(1000, m.municipiosInvalidos),
      v.transform((ids) => [...new Set(ids)].sort((a, b) => a - b)),
    ),
  ),
);

// The '' defaults make a missing key fail with the Spanish message instead of valibot's English one.
const common = {
  name: v.optional(requiredText(m.nombreRequerido, 120), ''),
  email: v.optional(email, ''),
  account_id: requiredId(m.cuentaRequerida),
};

/** POST /register-user: email, password, name, account_id, role_id (docs/producto.md §7). No role (null, '') is allowed. */
export const registerUserSchema = v.object({
  ...common,
  role_id: optionalId(m.rolInvalido),
  password: v.optional(newPassword, ''),
  municipios,
});
export type RegisterUserInput = v.InferOutput<typeof registerUserSchema>;

/**
 * PUT /users/:id: the same fields. Like the password, an absent role_id keeps the current role (undefined);
 * null or '' removes it.
 */
export const updateUserSchema = v.object({
  ...common,
  role_id: v.optional(nullableId(m.rolInvalido)),
  password: changedPassword,
  municipios,
});
export type UpdateUserInput = v.InferOutput<typeof updateUserSchema>;
