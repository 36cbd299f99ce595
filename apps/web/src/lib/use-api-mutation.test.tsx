import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-fetch';
import { useApiMutation } from './use-api-mutation';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('useApiMutation', () => {
  it('stays pending until onSuccess has finished, as TanStack Query’s useMutation', async () => {
    const call = deferred<{ ok: true }>();
    const handled = deferred<undefined>();
    const onSuccess = vi.fn(() => handled.promise);
    const { result } = renderHook(() => useApiMutation((_: { code: string }) => call.promise, { onSuccess }));
    expect(result.current.isPending).toBe(false);

    act(() => {
      result.current.mutate({ code: '123456' });
    });
    expect(result.current.isPending).toBe(true);
    await act(async () => {
      call.resolve({ ok: true });
      await call.promise;
    });
    expect(onSuccess).toHaveBeenCalledWith({ ok: true }, { code: '123456' });
    expect(result.current.isPending).toBe(true);
    await act(async () => {
      handled.resolve(undefined);
      await handled.promise;
    });
    await waitFor(() => {
      expect(result.current.isPending).toBe(false);
    });
  });

  it('gives onError the refusal, and a failing onSuccess too; every failure is logged', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const refusal = new ApiError('Código inválido', { code: 'BAD_REQUEST', httpStatus: 400 });
    const onError = vi.fn();
    const { result } = renderHook(() => useApiMutation(() => Promise.reject(refusal), { onError }));
    act(() => {
      result.current.mutate(undefined);
    });
    await waitFor(() => {
      expect(onError).toHaveBeenCalledWith(refusal, undefined);
    });
    expect(log).toHaveBeenCalledWith('[API error]', refusal);

    const broken = new Error('the full app did not load');
    const onErrorAfterSuccess = vi.fn();
    const second = renderHook(() =>
      useApiMutation(() => Promise.resolve(1), {
        onSuccess: () => Promise.reject(broken),
        onError: onErrorAfterSuccess,
      }),
    );
    act(() => {
      second.result.current.mutate(undefined);
    });
    await waitFor(() => {
      expect(onErrorAfterSuccess).toHaveBeenCalledWith(broken, undefined);
    });
    await waitFor(() => {
      expect(second.result.current.isPending).toBe(false);
    });
  });
});
