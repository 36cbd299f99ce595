import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COPIED_RESET_MS, useCopiedFlag } from './use-copied-flag';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useCopiedFlag', () => {
  it('resets 2 s after the last copy', () => {
    expect(COPIED_RESET_MS).toBe(2000);
    const { result } = renderHook(() => useCopiedFlag());
    expect(result.current[0]).toBe(false);

    act(() => {
      result.current[1]();
    });
    expect(result.current[0]).toBe(true);

    act(() => {
      vi.advanceTimersByTime(1500);
    });
    expect(result.current[0]).toBe(true);
    // A second copy restarts the 2 s.
    act(() => {
      vi.advanceTimersByTime(1);
      result.current[1]();
    });
    act(() => {
      vi.advanceTimersByTime(1999);
    });
    expect(result.current[0]).toBe(true);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current[0]).toBe(false);
  });
});
