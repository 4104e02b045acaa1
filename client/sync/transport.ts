import {
  COLUMNAR_DELTA_FORMAT,
  type ColumnarPullResponse,
  decodePullResponse,
} from '../../shared/sync/columnar';
import { PULL_HEADERS } from '../../shared/sync/pull-headers';
import type { PullRequest, PullResponse, PushRequest, PushResponse } from '../../shared/sync/types';
import { apiUrl, readError, readJson, sendRequest } from '../session/http';
import type { PullHead, SyncTransport } from './run';

/**
 * How long a sync request waits for the server's answer to begin before the run fails as 'server not
 * reached': a dead link otherwise holds the run (and 'Sincronizando…') for the minutes the system takes to
 * give up. Generous for a push of 250 entries over 2G; a push that timed out after the server applied it is
 * answered from the stored results when sent again (docs/sincronizacion.md §8), a pull page is simply asked
 * for again.
 */
export const SYNC_TIMEOUT_MS = 45_000;

/** A POST of the API that answers its JSON (and throws ApiError): the page's client, or the worker's own. */
export type ApiPost = <T>(path: string, body: unknown) => Promise<T>;

/** A POST of the API that answers its OK response, body unread (and throws ApiError otherwise). */
export type ApiPostResponse = (path: string, body: unknown) => Promise<Response>;

const decodePage = (body: PullResponse | ColumnarPullResponse) => decodePullResponse(body);

/** The next pull's cursor from a pull's answer headers, when the server sent them. */
function headOf(res: Response): PullHead | null {
  const cursor = res.headers.get(PULL_HEADERS.cursor);
  const hasMore = res.headers.get(PULL_HEADERS.hasMore);
  if (!cursor || (hasMore !== '0' && hasMore !== '1')) return null;
  return { cursor, hasMore: hasMore === '1', reset: res.headers.get(PULL_HEADERS.reset) === '1' };
}

/**
 * The two sync calls over `post`; pages are asked for compact and encoded (decision 011) and decoded here.
 * With `postResponse` a pull also answers the next cursor from its headers, before its body is read.
 */
export function syncTransportOver(post: ApiPost, postResponse?: ApiPostResponse): SyncTransport {
  const pullBody = (request: PullRequest) => ({ ...request, format: COLUMNAR_DELTA_FORMAT });
  return {
    push: (request: PushRequest) => post<PushResponse>('sync/push', request),
    pull: async (request: PullRequest) =>
      decodePage(await post<PullResponse | ColumnarPullResponse>('sync/pull', pullBody(request))),
    ...(postResponse && {
      pullAhead: async (request: PullRequest) => {
        const res = await postResponse('sync/pull', pullBody(request));
        const page = readJson<PullResponse | ColumnarPullResponse>(res).then(decodePage);
        page.catch(() => {}); // read by the run (or dropped with it): never an unhandled rejection
        return { next: headOf(res), page };
      },
    }),
  };
}

/**
 * POSTs for code that cannot use the page's API client (the sync worker, the service worker): `token(null)`
 * gives the token to start with, `token(refused)` a fresh one after the server refused it; one retry, then the
 * 401 is reported like any other error. `json` reads the answer; `response` leaves its body to the caller.
 */
export function postsWithToken(token: (refused: string | null) => Promise<string | null>): {
  json: ApiPost;
  response: ApiPostResponse;
} {
  let current: string | null = null;
  let asked = false;
  const response: ApiPostResponse = async (path, body) => {
    if (!asked) {
      current = await token(null);
      asked = true;
    }
    const send = () =>
      sendRequest('POST', apiUrl(path), { body, token: current, timeoutMs: SYNC_TIMEOUT_MS });
    let res = await send();
    if (res.status === 401) {
      current = await token(current);
      res = await send();
    }
    if (!res.ok) throw await readError(res);
    return res;
  };
  return {
    json: async <T>(path: string, body: unknown) => readJson<T>(await response(path, body)),
    response,
  };
}

/** The same, reading each answer's JSON. */
export const postWithToken = (token: (refused: string | null) => Promise<string | null>): ApiPost =>
  postsWithToken(token).json;
