import { isErrorBody } from '../../shared/errors';
import { mensajes } from '../../shared/messages';
import { ApiError } from './api-error';

/** The server serves the API under /api on the app's own origin (docs/arquitectura.md); Vite proxies it in dev. */
export const API_BASE = '/api';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;

/** `/api/<path>?query`, skipping empty values so optional filters are simply absent. */
export function apiUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === null || value === undefined || value === '') continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}/${path.replace(/^\/+/, '')}${search ? `?${search}` : ''}`;
}

const offlineError = () => new ApiError(mensajes.sinConexion, { code: 'OFFLINE' });

const browserSaysOffline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * One fetch. A network failure becomes ApiError OFFLINE (never a sign-out); an abort is rethrown as is
 * so callers can ignore it. `timeoutMs`: how long to wait for the answer's headers (its body is not timed)
 * before giving up with OFFLINE, as a network that stopped answering would after minutes.
 */
export async function sendRequest(
  method: HttpMethod,
  url: string,
  options: {
    body?: unknown;
    token?: string | null;
    signal?: AbortSignal | undefined;
    timeoutMs?: number | undefined;
  } = {},
): Promise<Response> {
  if (browserSaysOffline()) throw offlineError();
  // docs/producto.md §7: every request sends a JSON content type, and a bearer header when a token exists.
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  const { signal, stop } = timedSignal(options.signal, options.timeoutMs);
  try {
    return await fetch(url, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal,
    });
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError' && options.signal?.aborted) throw error;
    throw offlineError();
  } finally {
    stop();
  }
}

/** The caller's signal, or one that also aborts after `timeoutMs` until `stop()` (the headers arrived). */
function timedSignal(
  outer: AbortSignal | undefined,
  timeoutMs: number | undefined,
): { signal: AbortSignal | undefined; stop: () => void } {
  if (timeoutMs === undefined) return { signal: outer, stop: () => {} };
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const forward = () => controller.abort(outer?.reason);
  if (outer?.aborted) forward();
  else outer?.addEventListener('abort', forward, { once: true });
  return {
    signal: controller.signal,
    stop: () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', forward);
    },
  };
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** docs/producto.md §7: the error is the response's `error` field, else 'Request failed: {status text}'. */
export async function readError(res: Response): Promise<ApiError> {
  const body = await readBody(res).catch(() => undefined);
  if (isErrorBody(body))
    return new ApiError(body.error, { status: res.status, code: body.code, details: body.details });
  if (typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string') {
    return new ApiError((body as { error: string }).error, { status: res.status });
  }
  return new ApiError(`Request failed: ${res.statusText || res.status}`, { status: res.status });
}

/** The JSON of an OK response; undefined for an empty one (204). */
export async function readJson<T>(res: Response): Promise<T> {
  // The connection dropping while the body downloads is the network's failure, like one before the headers.
  const body = await readBody(res).catch((error: unknown) => {
    if (error instanceof Error && error.name === 'AbortError') throw error;
    throw offlineError();
  });
  if (typeof body === 'string') {
    throw new ApiError('La respuesta del servidor no es válida', { status: res.status, code: 'INTERNAL' });
  }
  return body as T;
}
