import { createTRPCClient, httpLink, httpSubscriptionLink, splitLink, TRPCClientError } from '@trpc/client';
import { EventSource } from 'eventsource';
import superjson from 'superjson';
import type { LiveEvent } from '@sentinela/shared/live-events';
import type { appRouter } from '../src/trpc/router';

/**
 * A tRPC client of the server at `base` whose subscriptions (live.events, alerts.live) run over
 * SSE with the session cookie `cookie()` answers (read at each connection, so a test may change
 * it), as a browser's would. Node 20 has no EventSource: eventsource@4's. Queries and mutations
 * go over plain HTTP without a cookie, unless `jar` is given: then they send `cookie()` too, and
 * the cookies the server sets are kept in `jar` (a browser-like client: the benches' sign-in).
 */
export function streamClient(base: string, cookie: () => string, jar?: Map<string, string>) {
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
        false: httpLink({
          url: `${base}/api/trpc`,
          transformer: superjson,
          ...(jar && {
            headers: () => ({ cookie: cookie() }),
            fetch: async (url, init) => {
              const response = await fetch(String(url), init);
              for (const line of response.headers.getSetCookie()) {
                const [pair = ''] = line.split(';');
                const eq = pair.indexOf('=');
                jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
              }
              return response;
            },
          }),
        }),
      }),
    ],
  });
}

/** A test client's cookie jar as one Cookie header. */
export const cookieHeader = (cookies: Map<string, string>) => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/** What one live stream (SSE) delivered, each event with when it arrived here. */
export interface Watch {
  seen: { at: number; event: LiveEvent }[];
  /** Settles with the tRPC error code the stream ended with ('complete' when it just ended). */
  ended: Promise<string>;
  stop(): void;
}

/**
 * Opens live.events or alerts.live on `base` with `cookie` (tRPC's own client over eventsource);
 * resolves once it runs. Shared by the several-instances test and bench:scale.
 */
export async function watch(
  base: string,
  cookie: string,
  which: { live: { equipmentIds?: string[] } } | 'alerts',
): Promise<Watch> {
  const client = streamClient(base, () => cookie);
  const seen: Watch['seen'] = [];
  let settle: (code: string) => void = () => {};
  const ended = new Promise<string>((resolve) => (settle = resolve));
  let started: () => void = () => {};
  const ready = new Promise<void>((resolve) => (started = resolve));
  const handlers = {
    onStarted: () => started(),
    onData: (data: { events: LiveEvent[] }) => {
      const at = Date.now();
      for (const event of data.events) seen.push({ at, event });
    },
    onError: (error: unknown) =>
      settle(error instanceof TRPCClientError ? String((error.data as { code?: unknown } | undefined)?.code) : 'other'),
    onComplete: () => settle('complete'),
  };
  const subscription =
    which === 'alerts'
      ? client.alerts.live.subscribe(undefined, handlers)
      : client.live.events.subscribe(which.live, handlers);
  await Promise.race([
    ready,
    ended.then((code) => {
      throw new Error(`the stream ended at once: ${code}`);
    }),
  ]);
  return { seen, ended, stop: () => subscription.unsubscribe() };
}
