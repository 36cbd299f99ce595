import { useCallback, useEffect, useState } from 'react';

/** Spec §4/§9: the "copied" indicator resets after 2 seconds. */
export const COPIED_RESET_MS = 2000;

/** A flag that turns itself off COPIED_RESET_MS after the last `mark()`. */
export function useCopiedFlag(): [copied: boolean, mark: () => void] {
  const [markedAt, setMarkedAt] = useState<number | null>(null);
  useEffect(() => {
    if (markedAt === null) return;
    const timer = setTimeout(() => {
      setMarkedAt(null);
    }, COPIED_RESET_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [markedAt]);
  const mark = useCallback(() => {
    setMarkedAt(Date.now());
  }, []);
  return [markedAt !== null, mark];
}
