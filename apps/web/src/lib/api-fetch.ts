import type { TRPCClient } from '@trpc/client';
import type { AppRouter } from '@sentinela/server/router';
import { LANGUAGE_HEADER } from '@sentinela/shared/language';
import { getCurrentLanguage } from './i18n/language-storage';

/**
 * A few procedures over tRPC's HTTP wire with plain fetch, for the sign-in screens' first load
 * (ADR 022): the tRPC client, superjson and TanStack Query stay out of it. It speaks exactly what
 * the server's tRPC (superjson transformer) expects:
 * - a query is `GET /api/trpc/<path>?input=<{"json": input}>`, a mutation `POST /api/trpc/<path>`
 *   with the body `{"json": input}` (`{}` without input), `content-type: application/json`
 *   (http/security.ts refuses other bodies), same origin, the session cookie and the language header;
 * - an answer is `{"result":{"data":{"json": output}}}`, a refusal `{"error":{"json":{message, data}}}`.
 * Plain JSON only: the procedures called here take and return no Date, Map or undefined field.
 * Anything else (batching, subscriptions, uploads) is the full app's tRPC client (lib/trpc.ts).
 */
export const API_URL = '/api/trpc';

/** The server refused the call: `message` in the user's language, `data.code` the tRPC code. Read it with lib/api-errors. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly data: { code: string; httpStatus?: number },
  ) {
    super(message);
  }
}

type Client = TRPCClient<AppRouter>;
type MutationCall<T> = T extends { mutate: (input: infer I, ...rest: infer _R) => Promise<infer O> }
  ? (input: I) => Promise<O>
  : never;
type QueryCall<T> = T extends { query: (input: infer I, ...rest: infer _R) => Promise<infer O> }
  ? (input: I) => Promise<O>
  : never;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The output of a tRPC answer, or the ApiError it carries; an Error when the body is no tRPC answer (a proxy's page). */
export function readAnswer(status: number, body: unknown): unknown {
  if (isRecord(body) && isRecord(body.error) && isRecord(body.error.json)) {
    const { message, data } = body.error.json;
    const code = isRecord(data) && typeof data.code === 'string' ? data.code : 'INTERNAL_SERVER_ERROR';
    const httpStatus = isRecord(data) && typeof data.httpStatus === 'number' ? data.httpStatus : status;
    throw new ApiError(typeof message === 'string' ? message : '', { code, httpStatus });
  }
  if (isRecord(body) && isRecord(body.result) && isRecord(body.result.data) && 'json' in body.result.data) {
    return body.result.data.json;
  }
  throw new Error(`Unexpected API answer (HTTP ${status})`);
}

/** One call over the wire; `input` undefined sends none. */
export async function callApi(
  path: string,
  kind: 'query' | 'mutation',
  input: unknown,
  fetcher: (url: string, init: RequestInit) => Promise<Response> = fetch,
): Promise<unknown> {
  const headers: Record<string, string> = { [LANGUAGE_HEADER]: getCurrentLanguage() };
  let url = `${API_URL}/${path}`;
  const init: RequestInit = { credentials: 'include', headers };
  if (kind === 'query') {
    if (input !== undefined) url += `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
  } else {
    init.method = 'POST';
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(input === undefined ? {} : { json: input });
  }
  const response = await fetcher(url, init);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new Error(`Unexpected API answer (HTTP ${response.status})`);
  }
  return readAnswer(response.status, body);
}

/** `auth.login` and the like as typed functions: `apiMutation('auth', 'login')({ email, password })`. */
export function apiMutation<A extends keyof Client, P extends keyof Client[A] & string>(
  area: A & string,
  procedure: P,
): MutationCall<Client[A][P]> {
  return ((input: unknown) => callApi(`${area}.${procedure}`, 'mutation', input)) as MutationCall<Client[A][P]>;
}

export function apiQuery<A extends keyof Client, P extends keyof Client[A] & string>(
  area: A & string,
  procedure: P,
): QueryCall<Client[A][P]> {
  return ((input: unknown) => callApi(`${area}.${procedure}`, 'query', input)) as QueryCall<Client[A][P]>;
}
