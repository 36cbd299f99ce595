import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageProvider } from '../../lib/i18n/language-provider';
import { FiguresOrError } from './device-page-header';

afterEach(cleanup);

const wrapper = ({ children }: { children: ReactNode }) => <LanguageProvider>{children}</LanguageProvider>;
const query = (data: number | undefined, isError: boolean) => ({
  data,
  isError,
  error: new Error('down'),
  refetch: vi.fn(() => Promise.resolve()),
});

describe('FiguresOrError', () => {
  it('shows the figures, loading or read, and keeps them on a failed refresh', () => {
    const { rerender } = render(
      <FiguresOrError query={query(undefined, false)}>{(n) => <p>figures {n ?? 'loading'}</p>}</FiguresOrError>,
      { wrapper },
    );
    expect(screen.getByText('figures loading')).toBeTruthy();
    rerender(<FiguresOrError query={query(7, true)}>{(n) => <p>figures {n}</p>}</FiguresOrError>);
    expect(screen.getByText('figures 7')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the error with a retry when nothing was read', () => {
    render(<FiguresOrError query={query(undefined, true)}>{() => <p>figures</p>}</FiguresOrError>, { wrapper });
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(screen.getByRole('button')).toBeTruthy();
    expect(screen.queryByText('figures')).toBeNull();
  });
});
