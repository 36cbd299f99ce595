import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageProvider } from '../../lib/i18n/language-provider';
import { PagedList } from './paged-list';

afterEach(cleanup);

const wrapper = ({ children }: { children: ReactNode }) => <LanguageProvider>{children}</LanguageProvider>;
const label = (count: number) => `${count} motors`;
const query = (overrides: Partial<Parameters<typeof PagedList>[0]['list']>) => ({
  data: undefined,
  isError: false,
  error: null,
  isFetching: false,
  refetch: vi.fn(() => Promise.resolve()),
  ...overrides,
});

describe('PagedList', () => {
  it('shows the table and, once a page arrived, its pagination', () => {
    render(
      <PagedList list={query({ data: { page: 1, pageSize: 20, total: 45 } })} onPage={vi.fn()} totalLabel={label}>
        <table aria-label="Motors" />
      </PagedList>,
      { wrapper },
    );
    expect(screen.getByRole('table', { name: 'Motors' })).toBeTruthy();
    expect(screen.getByRole('navigation').textContent).toContain('45 motors');
  });

  it('shows no pagination for an empty list', () => {
    render(
      <PagedList list={query({ data: { page: 1, pageSize: 20, total: 0 } })} onPage={vi.fn()} totalLabel={label}>
        <table aria-label="Motors" />
      </PagedList>,
      { wrapper },
    );
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('replaces the table by the error of a failed first page, and retries it', () => {
    const list = query({ isError: true, error: new Error('boom') });
    render(
      <PagedList list={list} onPage={vi.fn()} totalLabel={label}>
        <table aria-label="Motors" />
      </PagedList>,
      { wrapper },
    );
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.click(screen.getByRole('button'));
    expect(list.refetch).toHaveBeenCalled();
  });

  it('keeps the page read before when a refresh fails', () => {
    render(
      <PagedList
        list={query({ isError: true, error: new Error('boom'), data: { page: 1, pageSize: 20, total: 3 } })}
        onPage={vi.fn()}
        totalLabel={label}
      >
        <table aria-label="Motors" />
      </PagedList>,
      { wrapper },
    );
    expect(screen.getByRole('table', { name: 'Motors' })).toBeTruthy();
  });
});
