import { TRPCClientError } from '@trpc/client';
import { expect } from 'vitest';

/** The error a tRPC call must end with: its message, code and HTTP status. */
export async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCClientError);
  const e = error as Error & { data?: { code: string; httpStatus: number } };
  return { message: e.message, code: e.data?.code, status: e.data?.httpStatus };
}
