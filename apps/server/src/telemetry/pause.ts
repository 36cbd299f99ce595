/**
 * Waits until `ms` pass (never when null), `wake()` is called, or `signal` aborts, whichever comes
 * first, and leaves nothing behind: the timer is cleared and the abort listener removed.
 *
 * A stream loop must not `Promise.race([..., aborted])` against one promise that stays pending
 * for the stream's life: each race adds a reaction to it that is only released when it settles,
 * so a stream open for hours kept every iteration's reaction (issue 17, item 7).
 */
export function pause(
  signal: AbortSignal | undefined,
  ms: number | null,
  onWake?: (wake: () => void) => void,
): Promise<void> {
  return new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    let timer: NodeJS.Timeout | undefined;
    const done = () => {
      if (timer !== undefined) clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    if (ms !== null) timer = setTimeout(done, Math.max(0, ms));
    signal?.addEventListener('abort', done, { once: true });
    onWake?.(done);
  });
}
