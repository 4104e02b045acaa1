import { apiPost } from '../session/api-client';
import { SYNC_TIMEOUT_MS, syncTransportOver } from './transport';

/** The sync calls through the API client: bearer token, one shared refresh on a 401, Spanish errors. */
export const httpTransport = syncTransportOver((path, body) =>
  apiPost(path, body, { timeoutMs: SYNC_TIMEOUT_MS }),
);
