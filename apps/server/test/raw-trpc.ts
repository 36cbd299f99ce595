import superjson from 'superjson';
import type { Language } from '@sentinela/shared/language';

/** A procedure's input as tRPC sends it: superjson's `json` and (optional) `meta`. */
export interface WireInput {
  json: unknown;
  meta?: unknown;
}

export interface RawAnswer {
  status: number;
  /** The tRPC error code (`BAD_REQUEST`, `FORBIDDEN`, …), or undefined for a success. */
  code: string | undefined;
  message: string | undefined;
  body: string;
}

/**
 * One tRPC call over plain HTTP, by procedure path (no typed client), with whatever input: the
 * role matrix and the fuzzer send every procedure inputs its type would not allow. A query goes
 * as GET ?input=, a mutation as a JSON POST; `wire` is sent as is (superjson's envelope).
 */
export async function callRaw(
  base: string,
  cookies: Map<string, string>,
  type: 'query' | 'mutation',
  path: string,
  input: { value: unknown } | { wire: WireInput } | null,
  lang: Language = 'en',
): Promise<RawAnswer> {
  const wire = input === null ? null : 'wire' in input ? input.wire : superjson.serialize(input.value);
  const headers: Record<string, string> = {
    'x-sentinela-language': lang,
    cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
  };
  let response: Response;
  if (type === 'query') {
    const query = wire === null ? '' : `?input=${encodeURIComponent(JSON.stringify(wire))}`;
    response = await fetch(`${base}/api/trpc/${path}${query}`, { headers });
  } else {
    response = await fetch(`${base}/api/trpc/${path}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(wire ?? {}),
    });
  }
  const body = await response.text();
  let code: string | undefined;
  let message: string | undefined;
  try {
    const parsed = JSON.parse(body) as { error?: { json?: { message?: string; data?: { code?: string } } } };
    code = parsed.error?.json?.data?.code;
    message = parsed.error?.json?.message;
  } catch {
    // Not JSON (a proxy-level answer): the status says it all.
  }
  return { status: response.status, code, message, body };
}
