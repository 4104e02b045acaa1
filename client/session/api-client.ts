import { apiUrl, type HttpMethod, type Query, readError, readJson, sendRequest } from './http';
import { refreshAccessToken } from './refresh';
import { getSession } from './session-store';

export { ApiError, errorMessage, isOfflineError } from './api-error';

export interface CallOptions {
  signal?: AbortSignal;
  /** Give up (ApiError OFFLINE) when the answer's headers take longer than this; see sendRequest. */
  timeoutMs?: number;
}

/**
 * One API call with the session's bearer token. On a 401 the token is refreshed once (shared with any
 * concurrent call) and the call is retried once with the new token; a second 401 is reported, not looped.
 */
async function call<T>(
  method: HttpMethod,
  path: string,
  query?: Query,
  body?: unknown,
  options?: CallOptions,
) {
  const url = apiUrl(path, query);
  const token = getSession()?.token ?? null;
  const { signal, timeoutMs } = options ?? {};
  let res = await sendRequest(method, url, { body, token, signal, timeoutMs });
  if (res.status === 401) {
    const fresh = await refreshAccessToken(token);
    res = await sendRequest(method, url, { body, token: fresh, signal, timeoutMs });
  }
  if (!res.ok) throw await readError(res);
  return readJson<T>(res);
}

/** GET `/api/<path>` with query parameters (empty values are left out). */
export const apiGet = <T>(path: string, query?: Query, options?: CallOptions): Promise<T> =>
  call<T>('GET', path, query, undefined, options);

export const apiPost = <T>(path: string, body?: unknown, options?: CallOptions): Promise<T> =>
  call<T>('POST', path, undefined, body ?? {}, options);

export const apiPut = <T>(path: string, body?: unknown, options?: CallOptions): Promise<T> =>
  call<T>('PUT', path, undefined, body ?? {}, options);

/** DELETE carries a JSON body when given (docs/producto.md §7). */
export const apiDelete = <T>(path: string, body?: unknown, options?: CallOptions): Promise<T> =>
  call<T>('DELETE', path, undefined, body, options);

/** A file behind the bearer token (the sheet's .xlsx): its bytes and the server's file name. */
export async function apiDownload(path: string): Promise<{ blob: Blob; fileName: string | null }> {
  const url = apiUrl(path);
  const token = getSession()?.token ?? null;
  let res = await sendRequest('GET', url, { token });
  if (res.status === 401) res = await sendRequest('GET', url, { token: await refreshAccessToken(token) });
  if (!res.ok) throw await readError(res);
  const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? null;
  return { blob: await res.blob(), fileName: name };
}

/** A long-lived response behind the bearer token (a server-sent event stream): the caller reads its body. */
export async function apiStream(path: string, signal: AbortSignal): Promise<Response> {
  const url = apiUrl(path);
  const token = getSession()?.token ?? null;
  let res = await sendRequest('GET', url, { token, signal });
  if (res.status === 401)
    res = await sendRequest('GET', url, { token: await refreshAccessToken(token), signal });
  if (!res.ok || !res.body) throw await readError(res);
  return res;
}
