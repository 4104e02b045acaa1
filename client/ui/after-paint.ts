/** Resolves once the frame being prepared has been painted: work after it no longer delays what the user sees. */
export const afterPaint = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
