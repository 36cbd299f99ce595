// A signed-in client of a bench server (bench:live, bench:ingest's full-app rows): tRPC over
// HTTP with its own cookie jar, subscriptions over SSE. Not part of the app.
import { createTRPCClient, httpLink, httpSubscriptionLink, splitLink } from '@trpc/client';
import { EventSource } from 'eventsource';
import { generate } from 'otplib';
import superjson from 'superjson';
import type { appRouter } from '../apps/server/src/trpc/router';

/** A browser-like tRPC client with its own cookie jar. */
export function client(base: string) {
  const cookies = new Map<string, string>();
  const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const trpc = createTRPCClient<typeof appRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: httpSubscriptionLink({
          url: `${base}/api/trpc`,
          transformer: superjson,
          EventSource,
          eventSourceOptions: () => ({
            fetch: (input, init) =>
              fetch(input, {
                ...init,
                headers: { ...(init?.headers as Record<string, string>), cookie: cookieHeader() },
              }),
          }),
        }),
        false: httpLink({
          url: `${base}/api/trpc`,
          transformer: superjson,
          headers: () => ({ cookie: cookieHeader() }),
          fetch: async (url, init) => {
            const response = await fetch(String(url), init);
            for (const line of response.headers.getSetCookie()) {
              const [pair = ''] = line.split(';');
              const eq = pair.indexOf('=');
              cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
            }
            return response;
          },
        }),
      }),
    ],
  });
  return trpc;
}

/** Registers and completes the second factor (TOTP): a signed-in session. */
export async function signedIn(base: string, email: string) {
  const trpc = client(base);
  await trpc.auth.register.mutate({ name: email.split('@')[0]!, email, password: 'Forte#2026bench' });
  const { secret } = await trpc.auth.setup2FA.query();
  await trpc.auth.verify2FA.mutate({ code: await generate({ secret, epoch: Math.floor(Date.now() / 1000) }) });
  return trpc;
}
