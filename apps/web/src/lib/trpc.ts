import { createTRPCClient, httpBatchLink, httpLink, httpSubscriptionLink, splitLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import superjson from 'superjson';
import type { AppRouter } from '@sentinela/server/router';
import { MAX_BATCH_CALLS } from '@sentinela/shared/api-limits';
import { LANGUAGE_HEADER } from '@sentinela/shared/language';
import { getCurrentLanguage } from './i18n/language-storage';

export const TRPC_URL = '/api/trpc';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/** The session lives in an httpOnly cookie. */
const withCookie: typeof fetch = (url, options) => fetch(url, { ...options, credentials: 'include' });
/** Server messages come back in the user's language. */
const languageHeader = () => ({ [LANGUAGE_HEADER]: getCurrentLanguage() });

/**
 * Calls sent alone, never in a batch: the CSV import carries up to 8 MB, which the server takes
 * only on an unbatched POST to its own path (http/security.ts `bodyLimitOf`).
 */
const UNBATCHED_PATHS: ReadonlySet<string> = new Set(['registry.import']);

export function createTrpcClient() {
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        // Live updates (live.events) over server-sent events; the session cookie goes along.
        true: httpSubscriptionLink({
          url: TRPC_URL,
          transformer: superjson,
          eventSourceOptions: () => ({ withCredentials: true }),
        }),
        false: splitLink({
          condition: (op) => UNBATCHED_PATHS.has(op.path),
          true: httpLink({ url: TRPC_URL, transformer: superjson, fetch: withCookie, headers: languageHeader }),
          false: httpBatchLink({
            url: TRPC_URL,
            transformer: superjson,
            fetch: withCookie,
            headers: languageHeader,
            maxItems: MAX_BATCH_CALLS,
          }),
        }),
      }),
    ],
  });
}

export type TrpcClient = ReturnType<typeof createTrpcClient>;
