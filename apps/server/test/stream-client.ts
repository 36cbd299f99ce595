import { createTRPCClient, httpLink, httpSubscriptionLink, splitLink } from '@trpc/client';
import { EventSource } from 'eventsource';
import superjson from 'superjson';
import type { appRouter } from '../src/trpc/router';

/**
 * A tRPC client of the server at `base` whose subscriptions (live.events, alerts.live) run over
 * SSE with the session cookie `cookie()` answers (read at each connection, so a test may change
 * it), as a browser's would. Node 20 has no EventSource: eventsource@4's. Queries and mutations
 * go over plain HTTP without a cookie.
 */
export function streamClient(base: string, cookie: () => string) {
  return createTRPCClient<typeof appRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: httpSubscriptionLink({
          url: `${base}/api/trpc`,
          transformer: superjson,
          EventSource,
          eventSourceOptions: () => ({
            fetch: (input, init) =>
              fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), cookie: cookie() } }),
          }),
        }),
        false: httpLink({ url: `${base}/api/trpc`, transformer: superjson }),
      }),
    ],
  });
}

/** A test client's cookie jar as one Cookie header. */
export const cookieHeader = (cookies: Map<string, string>) => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
