import { useCallback, useEffect, useRef } from 'react';

/**
 * A function that runs `run` once, `delayMs` after the first of a burst of calls (calls meanwhile
 * join that run): a burst of live events becomes one re-read, never later than `delayMs`.
 * The newest `run` is used; nothing runs after unmount.
 */
export function useTrailingCall(run: () => void, delayMs: number): () => void {
  const latest = useRef(run);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    latest.current = run;
  });
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return useCallback(() => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      latest.current();
    }, delayMs);
  }, [delayMs]);
}
