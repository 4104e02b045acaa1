import { findRoute, HOME_PATH } from './registry';
import { appLayoutScreen, screenOf } from './screens';

/**
 * Fetches the layout, the home screen and the screen of the address the app opened on (idempotent), so the
 * dashboard shows at once after signing in and a reopened /loans does not wait for the router to ask for it.
 */
export function preloadSignedInShell(): void {
  appLayoutScreen.preload().catch(() => {});
  const here = typeof location === 'undefined' ? HOME_PATH : location.pathname;
  for (const path of new Set([HOME_PATH, here])) {
    const route = findRoute(path);
    if (route)
      screenOf(route)
        .preload()
        .catch(() => {});
  }
}
