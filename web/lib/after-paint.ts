/**
 * Resolves once the browser has drawn its next frame (requestAnimationFrame, then a task): work
 * started after it does not hold back the frame that shows what was just rendered. A hidden tab
 * draws no frames, so it resolves after `fallbackMs` at the latest.
 */
export function afterNextPaint(fallbackMs = 100): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, fallbackMs);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }, 0),
    );
  });
}
