import { afterEach, describe, expect, test, vi } from 'vitest';
import { guardWrite, whenWritesSettled } from '../../../client/store/write-guard';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Node's Event has a read-only returnValue; the browser's BeforeUnloadEvent lets a page set it. */
class BeforeUnload extends Event {
  override returnValue = true;
}

/** What leaving the page would do now: true when the page asks first. */
const leaving = (target: EventTarget) => {
  const event = new BeforeUnload('beforeunload', { cancelable: true });
  target.dispatchEvent(event);
  return event.defaultPrevented;
};

describe('a write on its way', () => {
  test('makes leaving the page ask first until it settles, failed or not', async () => {
    const page = new EventTarget();
    vi.stubGlobal('window', page);
    let finish!: (v: string) => void;
    const write = guardWrite(() => new Promise<string>((resolve) => (finish = resolve)));
    expect(leaving(page)).toBe(true);
    // A second write overlapping the first keeps the guard until both are done.
    let fail!: (e: Error) => void;
    const second = guardWrite(() => new Promise<never>((_, reject) => (fail = reject)));
    finish('ok');
    expect(await write).toBe('ok');
    expect(leaving(page)).toBe(true);
    fail(new Error('sin espacio'));
    await expect(second).rejects.toThrow('sin espacio');
    expect(leaving(page)).toBe(false);
  });

  test('an app update waits for the writes on their way, and goes at once when there are none', async () => {
    vi.stubGlobal('window', new EventTarget());
    await whenWritesSettled();
    let finish!: () => void;
    const write = guardWrite(() => new Promise<void>((resolve) => (finish = resolve)));
    let reloaded = false;
    const reload = whenWritesSettled().then(() => {
      reloaded = true;
    });
    await Promise.resolve();
    expect(reloaded).toBe(false);
    finish();
    await write;
    await reload;
    expect(reloaded).toBe(true);
  });

  test('is a plain call where there is no page (the service worker, tests)', async () => {
    expect(await guardWrite(async () => 7)).toBe(7);
  });
});
