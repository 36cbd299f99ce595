import { useCallback, useEffect, useRef, useState } from 'react';
import { handleApiError } from './api-errors';

interface ApiMutationOptions<I, O> {
  /** Awaited before the call counts as finished (isPending stays true meanwhile). */
  onSuccess?: (output: O, input: I) => unknown;
  /** The call failed, or onSuccess threw. */
  onError?: (error: unknown, input: I) => unknown;
}

export interface ApiMutation<I> {
  mutate: (input: I) => void;
  isPending: boolean;
}

/**
 * What the sign-in screens need of TanStack Query's useMutation, without it (their first load is
 * budgeted, ADR 022): `mutate` runs `call` and then onSuccess or onError, `isPending` holds
 * until onSuccess has finished, and every failure goes through handleApiError as the full app's
 * query client sends it (logged; a lost session sends the browser to sign in).
 */
export function useApiMutation<I, O>(
  call: (input: I) => Promise<O>,
  options: ApiMutationOptions<I, O> = {},
): ApiMutation<I> {
  const [isPending, setPending] = useState(false);
  const latest = useRef({ call, options });
  const mounted = useRef(true);
  useEffect(() => {
    latest.current = { call, options };
  });
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const mutate = useCallback((input: I) => {
    const { call: run, options: handlers } = latest.current;
    setPending(true);
    const settle = async () => {
      try {
        const output = await run(input);
        await handlers.onSuccess?.(output, input);
      } catch (error) {
        handleApiError(error);
        await handlers.onError?.(error, input);
      } finally {
        if (mounted.current) setPending(false);
      }
    };
    settle().catch((error: unknown) => {
      console.error('Unexpected error in a mutation handler', error);
    });
  }, []);

  return { mutate, isPending };
}
