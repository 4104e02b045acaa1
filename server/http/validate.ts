import { validator } from 'hono/validator';
import * as v from 'valibot';
import { AppError } from '../../shared/errors';
import { mensajes } from '../../shared/messages';

type AnySchema = v.GenericSchema;

/**
 * The message of a check written without one of its own, where valibot would answer in English ('Invalid
 * length: Expected <=200 but received 100000'). Users read only Spanish, whatever the schema forgot.
 */
function spanishDefault(issue: v.BaseIssue<unknown>): string {
  const unit = typeof issue.input === 'string' ? 'caracteres' : 'elementos';
  if (issue.type === 'max_length') return `Máximo ${String(issue.requirement)} ${unit}`;
  if (issue.type === 'min_length') return `Mínimo ${String(issue.requirement)} ${unit}`;
  return mensajes.datosInvalidos;
}

const CONFIG: v.Config<v.BaseIssue<unknown>> = { message: spanishDefault };

/** The schema reached by following `path` through object entries, array items and optional wrappers. */
function schemaAt(root: unknown, path: readonly v.IssuePathItem[]): unknown {
  let current = root as { entries?: Record<string, unknown>; item?: unknown; wrapped?: unknown } | undefined;
  const unwrap = () => {
    while (current?.wrapped) current = current.wrapped as typeof current;
  };
  for (const step of path) {
    unwrap();
    current = (
      step.type === 'object'
        ? current?.entries?.[step.key]
        : step.type === 'array'
          ? current?.item
          : undefined
    ) as typeof current;
  }
  return current;
}

/**
 * valibot reports a missing required key with its own English text ('Invalid key: Expected "email"…');
 * the field's own schema run on `undefined` gives the Spanish message written for it ('El email es requerido').
 */
function issueMessage(schema: AnySchema | undefined, issue: v.BaseIssue<unknown>): string {
  const last = issue.path?.at(-1);
  if (last?.type !== 'object' || last.origin !== 'key') return issue.message;
  const field = schema && schemaAt(schema, issue.path ?? []);
  const rerun = field ? v.safeParse(field as AnySchema, undefined, CONFIG) : undefined;
  return rerun && !rerun.success
    ? (rerun.issues[0]?.message ?? mensajes.datosInvalidos)
    : mensajes.datosInvalidos;
}

/** Field path → first Spanish message, so a form can show each message next to its field. */
export function issuesToDetails(
  issues: readonly v.BaseIssue<unknown>[],
  schema?: AnySchema,
): Record<string, string> {
  const details: Record<string, string> = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? '_';
    details[key] ??= issueMessage(schema, issue);
  }
  return details;
}

export function parseOrThrow<S extends AnySchema>(schema: S, value: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, value, CONFIG);
  if (result.success) return result.output;
  const [firstIssue] = result.issues;
  const first = firstIssue ? issueMessage(schema, firstIssue) : mensajes.datosInvalidos;
  throw new AppError('VALIDATION', first, issuesToDetails(result.issues, schema));
}

/**
 * JSON body validation through the shared schema. Malformed JSON is raised by Hono as a 400 HTTPException,
 * which `handleError` turns into the Spanish BAD_JSON body; arrays and scalars are refused here.
 */
export function jsonBody<S extends AnySchema>(schema: S) {
  return validator('json', (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new AppError('BAD_JSON', mensajes.jsonInvalido);
    }
    return parseOrThrow(schema, value) as v.InferOutput<S>;
  });
}

/** Query-string validation with the same messages. */
export function queryParams<S extends AnySchema>(schema: S) {
  return validator('query', (value) => parseOrThrow(schema, value) as v.InferOutput<S>);
}
