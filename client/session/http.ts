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
 * so callers can ignore it.
 */
export async function sendRequest(
  method: HttpMethod,
  url: string,
  options: { body?: unknown; token?: string | null; signal?: AbortSignal | undefined } = {},
): Promise<Response> {
  if (browserSaysOffline()) throw offlineError();
  // docs/producto.md §7: every request sends a JSON content type, and a bearer header when a token exists.
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  try {
    return await fetch(url, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError') throw error;
    throw offlineError();
  }
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
  const body = await readBody(res);
  if (typeof body === 'string') {
    throw new ApiError('La respuesta del servidor no es válida', { status: res.status, code: 'INTERNAL' });
  }
  return body as T;
}
