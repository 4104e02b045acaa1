import {
  COLUMNAR_DELTA_FORMAT,
  type ColumnarPullResponse,
  decodePullResponse,
} from '../../shared/sync/columnar';
import type { PullRequest, PullResponse, PushRequest, PushResponse } from '../../shared/sync/types';
import { apiPost } from '../session/api-client';
import type { SyncTransport } from './sync-run';

/** The sync calls through the API client: bearer token, one shared refresh on a 401, Spanish errors. */
export const httpTransport: SyncTransport = {
  push: (request: PushRequest) => apiPost<PushResponse>('sync/push', request),
  // The compact page: a third of the bytes to parse (docs/decisions/011-pagina-compacta.md).
  pull: async (request: PullRequest) =>
    decodePullResponse(
      await apiPost<PullResponse | ColumnarPullResponse>('sync/pull', {
        ...request,
        format: COLUMNAR_DELTA_FORMAT,
      }),
    ),
};
