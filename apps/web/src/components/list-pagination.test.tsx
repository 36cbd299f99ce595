import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageProvider } from '../lib/i18n/language-provider';
import { ListPagination } from './list-pagination';

afterEach(cleanup);

const wrapper = ({ children }: { children: ReactNode }) => <LanguageProvider>{children}</LanguageProvider>;
const label = (count: number) => `${count} motors`;

describe('ListPagination', () => {
  it('waits for the first page, then shows the total', () => {
    const { rerender } = render(<ListPagination data={undefined} busy={false} onPage={vi.fn()} totalLabel={label} />, {
      wrapper,
    });
    expect(screen.queryByRole('navigation')).toBeNull();
    rerender(
      <ListPagination data={{ page: 1, pageSize: 20, total: 45 }} busy={false} onPage={vi.fn()} totalLabel={label} />,
    );
    expect(screen.getByRole('navigation').textContent).toContain('45 motors');
  });

  it('can hide itself for an empty list', () => {
    render(
      <ListPagination
        data={{ page: 1, pageSize: 20, total: 0 }}
        busy={false}
        onPage={vi.fn()}
        totalLabel={label}
        hideWhenEmpty
      />,
      { wrapper },
    );
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('can hide itself while everything fits on one page', () => {
    const { rerender } = render(
      <ListPagination
        data={{ page: 1, pageSize: 20, total: 20 }}
        busy={false}
        onPage={vi.fn()}
        totalLabel={label}
        hideWhenOnePage
      />,
      { wrapper },
    );
    expect(screen.queryByRole('navigation')).toBeNull();
    rerender(
      <ListPagination
        data={{ page: 1, pageSize: 20, total: 21 }}
        busy={false}
        onPage={vi.fn()}
        totalLabel={label}
        hideWhenOnePage
      />,
    );
    expect(screen.getByRole('navigation').textContent).toContain('21 motors');
  });
});
