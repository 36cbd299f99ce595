import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS, useSearchDraft } from './use-search-draft';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useSearchDraft', () => {
  it('hands the trimmed text over once typing pauses, and follows the URL', () => {
    const onSearch = vi.fn();
    const { result, rerender } = renderHook(({ search }) => useSearchDraft(search, onSearch), {
      initialProps: { search: '' },
    });
    act(() => {
      result.current[1](' pum');
    });
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
    });
    expect(onSearch).not.toHaveBeenCalled();
    act(() => {
      result.current[1](' pump ');
    });
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    });
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('pump');
    expect(result.current[0]).toBe(' pump ');

    // A link or "clear filters" changes the URL: the box shows it.
    rerender({ search: 'fan' });
    expect(result.current[0]).toBe('fan');
  });
});
