import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFilteredPage } from './use-filtered-page';

describe('useFilteredPage', () => {
  it('keeps the page while the filters stay and goes back to page 1 when they change', () => {
    const { result, rerender } = renderHook(({ key }) => useFilteredPage(key), { initialProps: { key: '{}' } });
    expect(result.current[0]).toBe(1);
    act(() => {
      result.current[1](3);
    });
    rerender({ key: '{}' });
    expect(result.current[0]).toBe(3);
    rerender({ key: '{"search":"pump"}' });
    expect(result.current[0]).toBe(1);
  });
});
