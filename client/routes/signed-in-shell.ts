import { lazyScreen } from './lazy-screen';
import { findRoute, HOME_PATH } from './registry';
import { screenOf } from './screens';

/** The signed-in layout, in its own chunk so /login does not load it. */
export const appLayoutScreen = lazyScreen(() => import('../layout/app-layout').then((m) => m.AppLayout));

/**
 * Fetches the layout, the home screen and the screen of the address the app opened on (idempotent), so the
 * dashboard shows at once after signing in and a reopened /loans does not wait for the router to ask for it.
 */
export async function preloadSignedInShell(): Promise<void> {
  const here = typeof location === 'undefined' ? HOME_PATH : location.pathname;
  const screens = [...new Set([HOME_PATH, here])].flatMap((path) => {
    const route = findRoute(path);
    return route ? [screenOf(route)] : [];
  });
  await Promise.all([appLayoutScreen, ...screens].map((screen) => screen.preload()));
}
