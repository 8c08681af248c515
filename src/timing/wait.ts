/**
 * Waiting without leaving anything behind: every timer here is cleared as soon as it no longer
 * matters, so no wait keeps the process alive or trips the test sanitizers.
 */

/**
 * Waits `ms`. Resolves true when the time has passed, false at once when the signal aborts
 * (already aborted: without waiting). Never rejects.
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<boolean> {
  if (signal?.aborted) return Promise.resolve(false);
  if (ms <= 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve(true);
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** True when `p` settles (either way) within `ms`; the timer is cleared as soon as it does. */
export function settlesWithin(p: Promise<unknown>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), Math.max(0, ms));
    const done = () => {
      clearTimeout(timer);
      resolve(true);
    };
    p.then(done, done);
  });
}
