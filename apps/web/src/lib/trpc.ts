import { createTRPCClient, httpBatchLink, httpSubscriptionLink, splitLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import superjson from 'superjson';
import type { AppRouter } from '@sentinela/server/router';
import { LANGUAGE_HEADER } from '@sentinela/shared/language';
import { getCurrentLanguage } from './i18n/language-storage';

export const TRPC_URL = '/api/trpc';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

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
        false: httpBatchLink({
          url: TRPC_URL,
          transformer: superjson,
          // The session lives in an httpOnly cookie.
          fetch: (url, options) => fetch(url, { ...options, credentials: 'include' }),
          // Server messages come back in the user's language.
          headers: () => ({ [LANGUAGE_HEADER]: getCurrentLanguage() }),
        }),
      }),
    ],
  });
}
