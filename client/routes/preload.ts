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
