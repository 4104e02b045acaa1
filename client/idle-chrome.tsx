import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { whenIdle } from './ui/when-idle';

// A chunk that cannot be fetched (a deploy replaced it, no signal) leaves the page without it, never broken.
const nothing: { default: ComponentType } = { default: () => null };
const Toaster = lazy(() =>
  import('./ui/toaster-region').then((m) => ({ default: m.Toaster })).catch(() => nothing),
);
const UpdatePrompt = lazy(() =>
  import('./pwa/update-prompt').then((m) => ({ default: m.UpdatePrompt })).catch(() => nothing),
);

/**
 * What every screen has but none needs to paint: the toast region and the service worker's registration with
 * its update banner. Loaded when the page is first idle, so the login screen's code is only the login screen
 * (decision 012); toasts created earlier show when the region arrives.
 */
export function IdleChrome() {
  const [ready, setReady] = useState(false);
  useEffect(() => whenIdle(() => setReady(true)), []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
      <UpdatePrompt />
    </Suspense>
  );
}
