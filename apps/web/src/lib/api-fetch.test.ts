import { initTRPC, TRPCError } from '@trpc/server';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import superjson from 'superjson';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, callApi, readAnswer } from './api-fetch';
import { apiErrorCode, errorMessage, isUnauthorizedError } from './api-errors';
import { setCurrentLanguage } from './i18n/language-storage';

// The plain-fetch client against tRPC's own fetch adapter with the server's transformer
// (superjson): what it sends is what tRPC reads, and what tRPC answers is what it returns.

interface Seen {
  method: string;
  url: string;
  contentType: string | null;
  language: string | null;
}

const t = initTRPC.context<{ seen: Seen }>().create({ transformer: superjson });
const router = t.router({
  auth: t.router({
    login: t.procedure
      .input((value) => value as { email: string; password: string })
      .mutation(({ input }) => {
        if (input.password !== 'right')
          throw new TRPCError({ code: 'UNAUTHORIZED', message: 'E-mail ou senha incorretos.' });
        return { user: { id: 'u1', email: input.email, twoFactorEnabled: true } };
      }),
    sendSMSCode: t.procedure.mutation(({ input }) => ({ sent: true, input: input === undefined ? null : 'given' })),
    locked: t.procedure.mutation(() => {
      throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: 'Conta bloqueada.' });
    }),
  }),
  settings: t.router({
    public: t.procedure.query(() => ({ siteName: 'Planta', themeSwitchable: false, defaultLanguage: 'en' })),
    echo: t.procedure.input((value) => value as { text: string }).query(({ input }) => input.text),
  }),
});

const requests: Seen[] = [];

const serverFetch = async (path: string, init?: RequestInit) => {
  const request = new Request(new URL(path, 'http://portal.test'), init);
  const seen: Seen = {
    method: request.method,
    url: request.url.replace('http://portal.test', ''),
    contentType: request.headers.get('content-type'),
    language: request.headers.get('x-sentinela-language'),
  };
  requests.push(seen);
  return fetchRequestHandler({ endpoint: '/api/trpc', req: request, router, createContext: () => ({ seen }) });
};

afterEach(() => {
  requests.length = 0;
  setCurrentLanguage('pt');
});

describe('callApi over the tRPC wire', () => {
  it('posts a mutation as {"json": input} with JSON content and the language header, and returns the output', async () => {
    setCurrentLanguage('en');
    const answer = await callApi(
      'auth.login',
      'mutation',
      { email: 'ana@example.com', password: 'right' },
      serverFetch,
    );
    expect(answer).toEqual({ user: { id: 'u1', email: 'ana@example.com', twoFactorEnabled: true } });
    expect(requests).toEqual([
      { method: 'POST', url: '/api/trpc/auth.login', contentType: 'application/json', language: 'en' },
    ]);
  });

  it('sends a mutation without input as an empty envelope', async () => {
    expect(await callApi('auth.sendSMSCode', 'mutation', undefined, serverFetch)).toEqual({ sent: true, input: null });
  });

  it('gets a query, with its input in the URL when it has one', async () => {
    expect(await callApi('settings.public', 'query', undefined, serverFetch)).toEqual({
      siteName: 'Planta',
      themeSwitchable: false,
      defaultLanguage: 'en',
    });
    expect(await callApi('settings.echo', 'query', { text: 'ação & 100%' }, serverFetch)).toBe('ação & 100%');
    expect(requests.map((request) => request.method)).toEqual(['GET', 'GET']);
    expect(requests[0]?.url).toBe('/api/trpc/settings.public');
    expect(requests[1]?.url).toMatch(/^\/api\/trpc\/settings\.echo\?input=/);
  });

  it('turns a refusal into an ApiError that lib/api-errors reads as it reads the tRPC client’s', async () => {
    const refused = callApi('auth.login', 'mutation', { email: 'ana@example.com', password: 'wrong' }, serverFetch);
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    const error = await refused.catch((caught: unknown) => caught);
    expect(errorMessage(error, 'Falha no login')).toBe('E-mail ou senha incorretos.');
    expect(isUnauthorizedError(error)).toBe(true);

    const locked = await callApi('auth.locked', 'mutation', undefined, serverFetch).catch((caught: unknown) => caught);
    expect(apiErrorCode(locked)).toBe('TOO_MANY_REQUESTS');
    expect((locked as ApiError).data.httpStatus).toBe(429);
  });

  it('gives the fallback message when the answer is not the API’s (a proxy’s error page)', async () => {
    const proxy = () => Promise.resolve(new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await callApi('auth.login', 'mutation', {}, proxy).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(errorMessage(error, 'Falha no login')).toBe('Falha no login');
    expect(() => readAnswer(200, { something: 'else' })).toThrow(/Unexpected API answer/);
  });
});
