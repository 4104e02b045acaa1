import type { PullRequest, PullResponse, PushRequest, PushResponse } from '../../shared/sync/types';
import { apiPost } from '../session/api-client';
import type { SyncTransport } from './sync-run';

/** The sync calls through the API client: bearer token, one shared refresh on a 401, Spanish errors. */
export const httpTransport: SyncTransport = {
  push: (request: PushRequest) => apiPost<PushResponse>('sync/push', request),
  pull: (request: PullRequest) => apiPost<PullResponse>('sync/pull', request),
};
