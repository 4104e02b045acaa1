import * as v from 'valibot';
import { mensajes } from '../messages';
import { requiredText } from '../validation/text';

export const loginSchema = v.object({
  email: v.pipe(requiredText(mensajes.emailRequerido, 254), v.toLowerCase(), v.email(mensajes.emailInvalido)),
  password: v.pipe(
    v.string(mensajes.contrasenaRequerida),
    v.nonEmpty(mensajes.contrasenaRequerida),
    v.maxLength(200),
  ),
  // The token a previous login gave this phone (decision 016). A malformed one is ignored, never a 400: it
  // only decides which login limits apply.
  device: v.fallback(v.optional(v.pipe(v.string(), v.nonEmpty(), v.maxLength(200))), undefined),
});
export type LoginInput = v.InferOutput<typeof loginSchema>;

export const refreshSchema = v.object({
  refreshToken: v.pipe(
    v.string('Falta el refresh token'),
    v.nonEmpty('Falta el refresh token'),
    v.maxLength(500),
  ),
});
export type RefreshInput = v.InferOutput<typeof refreshSchema>;
