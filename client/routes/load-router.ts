import { whenIdle } from '../ui/when-idle';

type RouterAppModule = typeof import('./router-app');

let pending: Promise<RouterAppModule> | undefined;
let loaded: RouterAppModule | undefined;

/** The router and its route table (react-router, ~30 KB gzip): a chunk of its own, not on the login screen's path. */
export function loadRouterApp(): Promise<RouterAppModule> {
  pending ??= import('./router-app').then(
    (module) => {
      loaded = module;
      return module;
    },
    (error: unknown) => {
      pending = undefined; // a failed fetch (offline, new deploy) may be retried
      throw error;
    },
  );
  return pending;
}

/**
 * The router's chunk once it has arrived. Rendered directly, not through React.lazy: a lazy component suspends
 * on its first render even when its code is already here, and React then holds back the commit that replaces
 * the fallback until 300 ms after the fallback appeared (its throttle for revealed content). After a sign-in
 * that held the layout, and the sync engine its effects start, ~170–300 ms behind a spinner.
 */
export const loadedRouterApp = (): RouterAppModule | undefined => loaded;

/**
 * The router, the layout and the home screen, so the home shows at once after signing in (idempotent).
 * Settles when all are here or one failed (the screens then fetch their code themselves).
 */
export function preloadAfterLogin(): Promise<void> {
  return loadRouterApp()
    .then((module) => module.preloadSignedInShell())
    .catch(() => {});
}

/**
 * The sync worker, started while the server checks the password: a fresh sign-in's first pull waits on it
 * (decision 018). Not when a signed-in app opens: its first run waits for the screen to paint anyway.
 */
export function warmSyncWorkerForSignIn(): void {
  loadRouterApp()
    .then((module) => module.warmSyncWorker())
    .catch(() => {});
}

/** The same, when the browser is idle: the login screen stays first in line for the network and the CPU. */
export const preloadAfterLoginWhenIdle = (): (() => void) => whenIdle(() => void preloadAfterLogin());
