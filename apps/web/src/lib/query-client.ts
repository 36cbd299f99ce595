import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { handleApiError } from './api-errors';

/** Spec §7/§9: fresh for 5 min, kept 10 min, no refetch on focus, queries retry once. */
export const QUERY_STALE_TIME_MS = 300_000;
export const QUERY_GC_TIME_MS = 600_000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error) => handleApiError(error) }),
    mutationCache: new MutationCache({ onError: (error) => handleApiError(error) }),
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        gcTime: QUERY_GC_TIME_MS,
        refetchOnWindowFocus: false,
        refetchOnReconnect: true,
        retry: 1,
      },
      mutations: { retry: false },
    },
  });
}
