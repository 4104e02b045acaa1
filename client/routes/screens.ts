import { lazyScreen, type ScreenModule } from './lazy-screen';
import { type AppRoute, appRoutes } from './registry';

/** The signed-in layout, in its own chunk so /login does not load it. */
export const appLayoutScreen = lazyScreen(() => import('../layout/app-layout').then((m) => m.AppLayout));

/** One lazy module per registered screen, made once so React keeps each screen's identity. */
const screens = new Map<AppRoute, ScreenModule>(appRoutes.map((route) => [route, lazyScreen(route.load)]));

export const screenOf = (route: AppRoute): ScreenModule => {
  const screen = screens.get(route);
  if (!screen) throw new Error(`Ruta no registrada: ${route.path}`);
  return screen;
};
