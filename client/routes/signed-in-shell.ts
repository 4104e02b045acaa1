import type { SessionUser } from '../../shared/auth/types';
import { getSession } from '../session/session-store';
import { HOME_PATHS, homePathFor } from './home-path';
import { lazyScreen } from './lazy-screen';
import { findRoute } from './registry';
import { screenOf } from './screens';

/** The signed-in layout, in its own chunk so /login does not load it. */
export const appLayoutScreen = lazyScreen(() => import('../layout/app-layout').then((m) => m.AppLayout));

/**
 * Fetches the layout, the home screen and the screen of the address the app opened on (idempotent), so the
 * home shows at once after signing in and a reopened /loans does not wait for the router to ask for it. With a
 * stored session the home is that user's; on the login screen, before anyone has signed in, both homes (the
 * dashboard and Cobranza) are fetched.
 */
export async function preloadSignedInShell(
  user: SessionUser | null = getSession()?.user ?? null,
): Promise<void> {
  const homes = user ? [homePathFor(user)] : HOME_PATHS;
  const here = typeof location === 'undefined' ? [] : [location.pathname];
  const screens = [...new Set([...homes, ...here])].flatMap((path) => {
    const route = findRoute(path);
    return route ? [screenOf(route)] : [];
  });
  await Promise.all([appLayoutScreen, ...screens].map((screen) => screen.preload()));
}
