import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTrailingCall } from './use-trailing-call';

describe('useTrailingCall', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs once for a burst, at most the delay after its first call', () => {
    const run = vi.fn();
    const { result } = renderHook(() => useTrailingCall(run, 250));
    act(() => {
      result.current();
      vi.advanceTimersByTime(200);
      result.current();
    });
    expect(run).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(50);
    });
    expect(run).toHaveBeenCalledTimes(1);
    act(() => {
      result.current();
      vi.advanceTimersByTime(250);
    });
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('runs nothing after unmount', () => {
    const run = vi.fn();
    const { result, unmount } = renderHook(() => useTrailingCall(run, 250));
    result.current();
    unmount();
    vi.advanceTimersByTime(500);
    expect(run).not.toHaveBeenCalled();
  });
});
