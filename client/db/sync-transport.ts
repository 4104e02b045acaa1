import {
  COLUMNAR_DELTA_FORMAT,
  type ColumnarPullResponse,
  decodePullResponse,
} from '../../shared/sync/columnar';
import type { PullRequest, PullResponse, PushRequest, PushResponse } from '../../shared/sync/types';
import { apiUrl, readError, readJson, sendRequest } from '../session/http';
import type { SyncTransport } from './sync-run';

/** A POST of the API that answers its JSON (and throws ApiError): the page's client, or the worker's own. */
export type ApiPost = <T>(path: string, body: unknown) => Promise<T>;

/** The two sync calls over `post`; pages are asked for compact and encoded (decision 011) and decoded here. */
export function syncTransportOver(post: ApiPost): SyncTransport {
  return {
    push: (request: PushRequest) => post<PushResponse>('sync/push', request),
    pull: async (request: PullRequest) =>
      decodePullResponse(
        await post<PullResponse | ColumnarPullResponse>('sync/pull', {
          ...request,
          format: COLUMNAR_DELTA_FORMAT,
        }),
      ),
  };
}

/**
 * A POST for code that cannot use the page's API client (the sync worker, the service worker): `token(null)`
 * gives the token to start with, `token(refused)` a fresh one after the server refused it; one retry, then the
 * 401 is reported like any other error.
 */
export function postWithToken(token: (refused: string | null) => Promise<string | null>): ApiPost {
  let current: string | null = null;
  let asked = false;
  return async <T>(path: string, body: unknown): Promise<T> => {
    if (!asked) {
      current = await token(null);
      asked = true;
    }
    let res = await sendRequest('POST', apiUrl(path), { body, token: current });
    if (res.status === 401) {
      current = await token(current);
      res = await sendRequest('POST', apiUrl(path), { body, token: current });
    }
    if (!res.ok) throw await readError(res);
    return readJson<T>(res);
  };
}
