import { type ComponentType, type LazyExoticComponent, lazy, useState } from 'react';

/** A screen's code, fetched on first render or ahead of time with preload(). */
export interface ScreenModule {
  preload: () => Promise<ComponentType>;
  /** Set once the code has arrived. */
  loaded: ComponentType | undefined;
  lazy: LazyExoticComponent<ComponentType>;
}

export function lazyScreen(load: () => Promise<ComponentType>): ScreenModule {
  let pending: Promise<ComponentType> | undefined;
  const screen: ScreenModule = {
    loaded: undefined,
    preload: () => {
      pending ??= load().then(
        (Component) => {
          screen.loaded = Component;
          return Component;
        },
        (error: unknown) => {
          pending = undefined; // a failed fetch (offline, new deploy) may be retried
          throw error;
        },
      );
      return pending;
    },
    lazy: lazy(() => screen.preload().then((Component) => ({ default: Component }))),
  };
  return screen;
}

/**
 * Renders a screen. Once preloaded it renders directly, without a Suspense fallback, so a screen fetched
 * while the user was typing appears in the same frame as the URL change. The choice is made once per mount:
 * switching component types later would remount the screen and lose its state.
 */
export function LazyScreen({ screen }: { screen: ScreenModule }) {
  const [Component] = useState<ComponentType>(() => screen.loaded ?? screen.lazy);
  return <Component />;
}
