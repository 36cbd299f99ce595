import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FirstPageLoading } from './query-state';

afterEach(cleanup);

describe('FirstPageLoading', () => {
  it('announces the first load to screen readers only', () => {
    render(<FirstPageLoading query={{ data: undefined, isError: false }} text="Loading…" />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Loading…');
    expect(status.className).toBe('sr-only');
  });

  it('says nothing once a page arrived or the load failed', () => {
    const { rerender } = render(<FirstPageLoading query={{ data: { items: [] }, isError: false }} text="Loading…" />);
    expect(screen.queryByRole('status')).toBeNull();
    rerender(<FirstPageLoading query={{ data: undefined, isError: true }} text="Loading…" />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
