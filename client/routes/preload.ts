import { findRoute, HOME_PATH } from './registry';
import { appLayoutScreen, screenOf } from './screens';

/** Fetches the layout and the home screen (idempotent), so the dashboard shows at once after signing in. */
export function preloadSignedInShell(): void {
  appLayoutScreen.preload().catch(() => {});
  const home = findRoute(HOME_PATH);
  if (home)
    screenOf(home)
      .preload()
      .catch(() => {});
}

/** The same, when the browser is idle: the login page stays first in line for the network and the CPU. */
export function preloadSignedInShellWhenIdle(): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(preloadSignedInShell, { timeout: 3000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(preloadSignedInShell, 1000);
  return () => clearTimeout(id);
}
