import { describe, expect, it, vi } from 'vitest';
import { handleApiError } from './api-errors';
import { createQueryClient } from './query-client';

function fakeDeps(currentPath = '/motors') {
  return {
    log: vi.fn<(...args: unknown[]) => void>(),
    redirect: vi.fn<(url: string) => void>(),
    loginUrl: () => '/login',
    currentPath: () => currentPath,
  };
}

describe('handleApiError', () => {
  it('logs every error', () => {
    const deps = fakeDeps();
    const error = new Error('Something failed');
    handleApiError(error, deps);
    expect(deps.log).toHaveBeenCalledWith('[API error]', error);
    expect(deps.redirect).not.toHaveBeenCalled();
  });

  it('redirects to the login URL on the not-logged-in message', () => {
    const deps = fakeDeps();
    handleApiError(new Error('Please login (10001)'), deps);
    expect(deps.log).toHaveBeenCalledOnce();
    expect(deps.redirect).toHaveBeenCalledWith('/login');
  });

  it('does not redirect for a similar message or a non-error value', () => {
    const deps = fakeDeps();
    handleApiError(new Error('Please login (10001).'), deps);
    handleApiError('Please login (10001)', deps);
    expect(deps.redirect).not.toHaveBeenCalled();
  });

  it('does not reload the login page onto itself', () => {
    const deps = fakeDeps('/login');
    handleApiError(new Error('Please login (10001)'), deps);
    expect(deps.redirect).not.toHaveBeenCalled();
  });
});

describe('createQueryClient', () => {
  it('applies the product query defaults', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({
      staleTime: 300_000,
      gcTime: 600_000,
      refetchOnWindowFocus: false,
      refetchOnReconnect: true,
      retry: 1,
    });
    expect(defaults.mutations).toMatchObject({ retry: false });
  });

  it('logs failed queries to the console', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const client = createQueryClient();
    await client
      .fetchQuery({ queryKey: ['x'], queryFn: () => Promise.reject(new Error('down')), retry: 0 })
      .catch(() => undefined);
    expect(log).toHaveBeenCalledWith('[API error]', expect.objectContaining({ message: 'down' }));
    log.mockRestore();
  });
});
