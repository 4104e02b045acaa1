import type { ReactNode } from 'react';
import { RouterProvider } from 'react-router-dom';
import { createAppRouter } from './router';

export { warmSyncWorker } from '../sync/run-in-worker';
export { preloadSignedInShell } from './signed-in-shell';

let router: ReturnType<typeof createAppRouter> | undefined;

/**
 * Every route of the app. The router is made on first render, not when this chunk loads: the chunk may be
 * fetched ahead of time while the login screen is up, and the router reads the address when it is made (the
 * login screen sets it to the page to go back to). Made once: it keeps history listeners for the page's life.
 */
export function RouterApp({ loginPage }: { loginPage: ReactNode }) {
  router ??= createAppRouter(loginPage);
  return <RouterProvider router={router} />;
}
