// A signed-in client of a bench server (bench:live, bench:ingest's full-app rows): tRPC over
// HTTP with its own cookie jar, subscriptions over SSE. Not part of the app.
import { generate } from 'otplib';
import { cookieHeader, streamClient } from '../apps/server/test/stream-client';

/** A browser-like tRPC client with its own cookie jar (subscriptions over SSE). */
export function client(base: string) {
  const cookies = new Map<string, string>();
  return streamClient(base, () => cookieHeader(cookies), cookies);
}

/** Registers and completes the second factor (TOTP): a signed-in session. */
export async function signedIn(base: string, email: string) {
  const trpc = client(base);
  await trpc.auth.register.mutate({ name: email.split('@')[0]!, email, password: 'Forte#2026bench' });
  const { secret } = await trpc.auth.setup2FA.query();
  await trpc.auth.verify2FA.mutate({ code: await generate({ secret, epoch: Math.floor(Date.now() / 1000) }) });
  return trpc;
}
