import type { Locator, Page } from 'playwright-core';

/** A name no other test (or earlier run against the same database) has used. */
export const uniqueName = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The bearer token of the signed-in page, for direct API checks. */
export const tokenOf = async (page: Page) =>
  (await page.evaluate(() => localStorage.getItem('jwtToken'))) ?? '';

export async function apiAs<T>(page: Page, method: 'GET' | 'POST' | 'DELETE', path: string, data?: unknown) {
  const res = await page.request.fetch(`/api/${path}`, {
    method,
    headers: { Authorization: `Bearer ${await tokenOf(page)}` },
    ...(data === undefined ? {} : { data }),
  });
  return { status: res.status(), body: (await res.json().catch(() => null)) as T };
}

/** Waits for a toast ('success' | 'error') whose text contains `text`. */
export const toast = (page: Page, type: 'success' | 'error', text: string) =>
  page.getByTestId(`toast-${type}`).filter({ hasText: text }).first().waitFor();

/** The open modal with this title. */
export const dialogNamed = (page: Page, title: string): Locator => page.getByRole('dialog', { name: title });

/** The table row (desktop) or card (phone) holding `text`. */
export const rowWith = (page: Page, text: string): Locator =>
  page.locator('[data-testid="data-row"], [data-testid="data-card"]').filter({ hasText: text });

/** Nothing sticks out sideways (a 360 px phone must not scroll horizontally). */
export const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Lets open/close animations (the dialog's scale-in) finish before measuring boxes. */
export const animationsDone = (page: Page) =>
  page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
