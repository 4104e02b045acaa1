// What the attack suites make of an answer to a request that names someone else's rows (another account's, or
// another town's of one's own account). A refusal is 403 or 404, a 400 whose details name the very field that
// carried the foreign id, or for a push a 200 with each mutation 'rejected'; it shows nothing of the other's data,
// and it is the very answer (status and body) the same request gets with an id no row has: otherwise it tells that
// the other's row exists.
import type { ErrorBody } from '../../../shared/errors';
import type { PushResponse } from '../../../shared/sync/types';
import { type App, send } from '../helpers/catalog';
import { clip, responseText } from './inspect';
import { dotPath, type FieldPath, fieldName } from './requests';
import type { ApiRoute } from './routes';

export interface Answer {
  status: number;
  text: string;
  /** A workbook, given as text by responseText. */
  binary: boolean;
}

/** A function that sends a request to `app` and reads its answer (a GET is sent without a body). */
export function caller(app: App) {
  return async (token: string | undefined, method: string, path: string, body?: unknown): Promise<Answer> => {
    const res = await send(app, method, path, token, method === 'GET' ? undefined : body);
    return { status: res.status, ...(await responseText(res)) };
  };
}

export const errorOf = (answer: Answer): Partial<ErrorBody> => {
  try {
    return JSON.parse(answer.text) as ErrorBody;
  } catch {
    return {};
  }
};

/** Whose rows are aimed at: the marker in every text they own, and how a failure names them. */
export interface Other {
  marker: string;
  /** `de la otra cuenta`, `del otro pueblo`. */
  whose: string;
}

export const shows = (answer: Answer, other: Other) => answer.text.includes(other.marker);

/**
 * Why `foreign` (an answer to the other's ids) differs from `missing` (to ids no row has), or null. A list may echo
 * its filter (`filters_applied: { municipalityId }`): the value under the filter's own name is not compared.
 */
export function distinguishable(foreign: Answer, missing: Answer, echoed: string[] = []): string | null {
  const echo = (text: string) =>
    echoed.reduce((t, key) => t.replace(new RegExp(`"${key}":("?)[^",}]*\\1`, 'g'), `"${key}":<id>`), text);
  if (foreign.status === missing.status && echo(foreign.text) === echo(missing.text)) return null;
  return `${foreign.status}, distinta de la de un id inexistente (${missing.status} ${clip(missing.text, 100)})`;
}

/** 403/404 with nothing of the other's in it. */
export function pathRefusal(answer: Answer, other: Other): string | null {
  if (shows(answer, other)) return `${answer.status} muestra datos ${other.whose}`;
  if (answer.status === 403 || answer.status === 404) return null;
  return `status ${answer.status} (no es 403 ni 404)`;
}

/** 403/404, a 400 naming one of `paths`, a documented extra, or (GET) a 200 that shows nothing of the other's. */
export function fieldRefusal(
  route: ApiRoute,
  answer: Answer,
  paths: FieldPath[],
  other: Other,
  extraStatus: number[] = [],
): string | null {
  if (shows(answer, other)) return `${answer.status} muestra datos ${other.whose}`;
  if (answer.status === 403 || answer.status === 404 || extraStatus.includes(answer.status)) return null;
  if (route.method === 'GET' && answer.status === 200) return null;
  if (answer.status === 400) {
    const keys = Object.keys(errorOf(answer).details ?? {});
    const last = (k: string) =>
      k
        .split('.')
        .filter((p) => !/^\d+$/.test(p))
        .at(-1);
    const named = keys.some((k) =>
      paths.some((p) => k === dotPath(p) || k === fieldName(p) || last(k) === last(fieldName(p))),
    );
    return named ? null : `400 sin nombrar ${paths.map(dotPath).join(', ')}`;
  }
  return `status ${answer.status} (no es 403 ni 404)`;
}

/** A push's refusal: 200 with every mutation 'rejected', nothing of the other's in it. */
export function pushRefusal(answer: Answer, other: Other): string | null {
  if (shows(answer, other)) return `${answer.status} muestra datos ${other.whose}`;
  if (answer.status !== 200) return `status ${answer.status}`;
  const { results } = JSON.parse(answer.text) as PushResponse;
  return results.some((r) => r.status !== 'rejected') ? 'mutación no rechazada' : null;
}

/**
 * Fields whose foreign id is refused with a documented 409: the renewal's previous_loan_id is compared with the
 * client's own open loan (never looked up elsewhere), and a mismatch is 'the loan changed'.
 */
const CONFLICT_FIELDS = new Set(['POST /api/save-loan previous_loan_id']);

const isPush = (route: ApiRoute) => route.key === 'POST /api/sync/push';

/** The refusal of a body whose `fields` carry the other's ids: a push's or a field's. */
export function bodyRefusal(
  route: ApiRoute,
  answer: Answer,
  fields: { path: FieldPath }[],
  other: Other,
): string | null {
  if (isPush(route) && answer.status === 200) return pushRefusal(answer, other);
  const paths = fields.map((f) => f.path);
  const documented = paths.some((p) => CONFLICT_FIELDS.has(`${route.key} ${fieldName(p)}`));
  return fieldRefusal(route, answer, paths, other, documented ? [409] : []);
}

/** The tables a push may change while refusing every mutation: the pushing device's own bookkeeping. */
export const PUSH_BOOKKEEPING = ['sync_clients', 'sync_mutation_results'];

/** The tables a refused request of `route` may change. */
export const allowedChanges = (route: ApiRoute) => (isPush(route) ? PUSH_BOOKKEEPING : []);
