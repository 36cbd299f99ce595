import { TRPCClientError } from '@trpc/client';
import { describe, expect, it, vi } from 'vitest';
import { logoutIgnoringUnauthorized } from './logout';

function serverError(code: string, message: string) {
  return TRPCClientError.from({ error: { code: -32001, message, data: { code, httpStatus: 401 } } });
}

describe('logoutIgnoringUnauthorized', () => {
  it('calls logout', async () => {
    const logout = vi.fn(() => Promise.resolve({ success: true }));
    await logoutIgnoringUnauthorized(logout);
    expect(logout).toHaveBeenCalledOnce();
  });

  it('ignores UNAUTHORIZED (the session is already gone)', async () => {
    await expect(
      logoutIgnoringUnauthorized(() => Promise.reject(serverError('UNAUTHORIZED', 'Please login (10001)'))),
    ).resolves.toBeUndefined();
  });

  it('rethrows any other server error', async () => {
    const error = serverError('INTERNAL_SERVER_ERROR', 'boom');
    await expect(logoutIgnoringUnauthorized(() => Promise.reject(error))).rejects.toBe(error);
  });

  it('rethrows a network failure', async () => {
    const error = new TypeError('Failed to fetch');
    await expect(logoutIgnoringUnauthorized(() => Promise.reject(error))).rejects.toBe(error);
  });
});
