import {
  COLUMNAR_DELTA_FORMAT,
  type ColumnarPullResponse,
  decodePullResponse,
} from '../../shared/sync/columnar';
import type { PullRequest, PullResponse, PushRequest, PushResponse } from '../../shared/sync/types';
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
