import http from 'node:http';
import { initTRPC, TRPCError } from '@trpc/server';
import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryCalls, registerTrpcRoute } from './trpc-route';

// The query lane against tRPC's own Fastify handler: the same router and context behind both,
// the same requests to both, the same status, body and headers back (ADR 044).

interface Ctx {
  lang: string;
  user?: string;
}
const t = initTRPC
  .context<Ctx>()
  .meta<{ tier: string }>()
  .create({
    transformer: superjson,
    isDev: false,
    errorFormatter: ({ shape, ctx, input }) => ({
      ...shape,
      message: `${ctx?.lang ?? 'none'}: ${shape.message}`,
      data: { ...shape.data, sawInput: input !== undefined },
    }),
  });

let abortSeen: (() => void) | undefined;
const withUser = t.procedure.use(({ ctx, next }) => next({ ctx: { ...ctx, user: 'ana' } }));
const testRouter = t.router({
  plain: t.procedure.query(() => ({ at: new Date(0), tags: new Set(['a']), n: 1 })),
  echo: t.procedure
    .input(z.object({ text: z.string().max(5), at: z.date() }))
    .query(({ input }) => ({ text: input.text.toUpperCase(), at: input.at })),
  missing: t.procedure.query(() => {
    throw new TRPCError({ code: 'NOT_FOUND', message: 'no such thing' });
  }),
  crash: t.procedure.query(() => {
    throw new Error('secret internal detail');
  }),
  badOutput: t.procedure.output(z.object({ ok: z.boolean() })).query(() => ({ ok: 'yes' }) as never),
  stream: t.procedure.query(() => ({ later: Promise.resolve(1) })),
  undef: t.procedure.query(() => undefined),
  // What tRPC hands a resolver beyond its typed options (meta, type) must reach it the same way.
  meta: t.procedure.meta({ tier: 'public' }).query((opts) => {
    const { meta, path, type } = opts as typeof opts & { meta: unknown; type: string };
    return { meta, path, type };
  }),
  nested: t.router({ withCtx: withUser.query(({ ctx }) => `${ctx.user} ${ctx.lang}`) }),
  waits: t.procedure.query(
    ({ signal }) =>
      new Promise<string>((resolve) => {
        signal?.addEventListener('abort', () => {
          abortSeen?.();
          resolve('aborted');
        });
      }),
  ),
  mutate: t.procedure.mutation(() => 'done'),
  events: t.procedure.subscription(async function* () {
    await Promise.resolve();
    yield 1;
  }),
});

type Seen = { code: string; path: string | undefined; type: string; input: unknown; hasReq: boolean };

async function serve(lane: boolean, createContext: (req: FastifyRequest) => Promise<Ctx>) {
  const errors: Seen[] = [];
  const app: FastifyInstance = Fastify({ logger: false, routerOptions: { maxParamLength: 2000 } });
  const trpcOptions = {
    router: testRouter,
    createContext: ({ req }: { req: FastifyRequest }) => createContext(req),
    onError: ({
      error,
      path,
      type,
      input,
      req,
    }: {
      error: TRPCError;
      path?: string;
      type: string;
      input: unknown;
      req: unknown;
    }) => errors.push({ code: error.code, path, type, input, hasReq: req !== undefined }),
  };
  if (lane) registerTrpcRoute(app, { prefix: '/trpc', trpcOptions });
  else await app.register(fastifyTRPCPlugin, { prefix: '/trpc', trpcOptions });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { app, base, errors };
}

const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const echoInput = (text: string) => superjson.serialize({ text, at: new Date(86_400_000) });

/** What the lane answers itself. */
const laneRequests: string[] = [
  '/trpc/plain',
  '/trpc/plain?batch=1',
  `/trpc/plain,echo?batch=1&input=${input({ 1: echoInput('abc') })}`,
  `/trpc/echo?input=${input(echoInput('abc'))}`,
  `/trpc/echo?input=${input(echoInput('too long'))}`,
  '/trpc/echo',
  '/trpc/echo?input=',
  '/trpc/echo?input=not-json',
  `/trpc/echo,echo?batch=1&input=${input([echoInput('a')])}`,
  `/trpc/echo,echo?batch=1&input=${input({ 0: echoInput('a'), 1: echoInput('way too long') })}`,
  `/trpc/echo,plain?batch=1&input=${input('text')}`,
  '/trpc/plain,missing,crash?batch=1',
  '/trpc/missing,missing?batch=1',
  '/trpc/missing',
  '/trpc/crash',
  '/trpc/badOutput',
  '/trpc/stream',
  '/trpc/stream,plain?batch=1',
  '/trpc/undef',
  '/trpc/meta',
  '/trpc/nested.withCtx',
  '/trpc/plain?batch=0',
  `/trpc/echo?input=${input(echoInput('a b')).replace('%20', '+')}`,
  '/trpc/plain?input=%7B%7D&other=1',
  '/trpc/pl%61in',
  // A malformed escape: tRPC reads the query with URLSearchParams (U+FFFD for it).
  `/trpc/echo?input=${input(echoInput('x')).replace('x', '%E0')}`,
  '/trpc/echo?input=1&input=2',
  '/trpc/plain?batch=1&batch=1',
];

/** What goes to tRPC's handler, each for its reason. */
const fallbackRequests: [string, Record<string, string>?][] = [
  ['/trpc/nope'],
  ['/trpc/plain,nope?batch=1'],
  ['/trpc/plain,mutate?batch=1'],
  ['/trpc/mutate'],
  // Fastify decodes the path once and tRPC once more: `pl%61in` is what tRPC looks up as `plain`.
  ['/trpc/pl%2561in'],
  ['/trpc/plain?connectionParams=%7B%7D'],
  ['/trpc/constructor'],
  ['/trpc/__proto__'],
  ['/trpc/nested'],
  ['/trpc/plain,plain?batch=1', { 'trpc-accept': 'application/jsonl' }],
  ['/trpc/plain?batch=1', { accept: 'application/jsonl' }],
  ['/trpc/plain', { 'content-type': 'application/json' }],
  ['/trpc/plain', { 'content-type': 'multipart/form-data; boundary=x' }],
];

describe('the tRPC query lane', () => {
  const contexts = {
    fine: (req: FastifyRequest) => Promise.resolve({ lang: String(req.headers['x-lang'] ?? 'pt') }),
    failing: () => Promise.reject(new Error('the session store is down')),
  };
  let servers: Record<
    'fine' | 'failing',
    { lane: Awaited<ReturnType<typeof serve>>; trpc: Awaited<ReturnType<typeof serve>> }
  >;

  beforeAll(async () => {
    servers = {
      fine: { lane: await serve(true, contexts.fine), trpc: await serve(false, contexts.fine) },
      failing: { lane: await serve(true, contexts.failing), trpc: await serve(false, contexts.failing) },
    };
  });
  afterAll(async () => {
    for (const pair of Object.values(servers)) await Promise.all([pair.lane.app.close(), pair.trpc.app.close()]);
  });

  async function answer(base: string, url: string, headers: Record<string, string> = {}, method = 'GET') {
    const response = await fetch(`${base}${url}`, { method, headers: { 'x-lang': 'en', ...headers } });
    return {
      status: response.status,
      body: await response.text(),
      // tRPC says `application/json`; the app adds the charset to every API answer (apiResponseHeaders).
      type: response.headers.get('content-type')?.replace('; charset=utf-8', ''),
      vary: response.headers.get('vary'),
    };
  }

  it.each(['fine', 'failing'] as const)('answers every request as tRPC does (context %s)', async (which) => {
    const { lane, trpc } = servers[which];
    const requests: [string, Record<string, string>?][] = [
      ...laneRequests.map((url) => [url] as [string]),
      ...fallbackRequests,
    ];
    for (const [url, headers] of requests) {
      lane.errors.length = 0;
      trpc.errors.length = 0;
      const [mine, theirs] = [await answer(lane.base, url, headers), await answer(trpc.base, url, headers)];
      expect({ url, ...mine }).toEqual({ url, ...theirs });
      expect({ url, errors: lane.errors }).toEqual({ url, errors: trpc.errors });
    }
    const head = [
      await answer(lane.base, '/trpc/plain', {}, 'HEAD'),
      await answer(trpc.base, '/trpc/plain', {}, 'HEAD'),
    ];
    expect(head[0]).toEqual(head[1]);
  });

  it('answers real data and errors (not only the same as tRPC)', async () => {
    const { base, errors } = servers.fine.lane;
    const plain = await answer(base, '/trpc/plain');
    expect(plain.status).toBe(200);
    expect(superjson.deserialize((JSON.parse(plain.body) as { result: { data: never } }).result.data)).toEqual({
      at: new Date(0),
      tags: new Set(['a']),
      n: 1,
    });
    errors.length = 0;
    const mixed = await answer(base, '/trpc/plain,missing,crash?batch=1');
    expect(mixed.status).toBe(207);
    expect(errors.map((e) => [e.code, e.path])).toEqual([
      ['NOT_FOUND', 'missing'],
      ['INTERNAL_SERVER_ERROR', 'crash'],
    ]);
    expect((await answer(base, '/trpc/nested.withCtx')).body).toContain('ana en');
  });

  it('takes only plain GETs of known queries, leaving the rest to tRPC', () => {
    const request = (url: string, headers: Record<string, string> = {}, method = 'GET') => {
      const path = decodeURIComponent((url.split('?')[0] ?? '').replace('/trpc/', ''));
      return [{ method, headers, raw: { url } } as unknown as FastifyRequest, path] as const;
    };
    for (const url of laneRequests)
      expect({ url, lane: queryCalls(testRouter, ...request(url)) !== null }).toEqual({ url, lane: true });
    for (const [url, headers] of fallbackRequests) {
      expect({ url, lane: queryCalls(testRouter, ...request(url, headers)) !== null }).toEqual({ url, lane: false });
    }
    expect(queryCalls(testRouter, ...request('/trpc/plain', {}, 'HEAD'))).toBeNull();
    expect(queryCalls(testRouter, ...request('/trpc/plain', {}, 'POST'))).toBeNull();
  });

  it('leaves every call to tRPC when an option it does not implement is set (responseMeta)', async () => {
    const app = Fastify({ logger: false });
    registerTrpcRoute(app, {
      prefix: '/trpc',
      trpcOptions: {
        router: testRouter,
        createContext: () => Promise.resolve({ lang: 'pt' }),
        responseMeta: () => ({ headers: { 'x-meta': 'yes' } }),
      },
    });
    try {
      const response = await app.inject({ url: '/trpc/plain' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-meta']).toBe('yes');
    } finally {
      await app.close();
    }
  });

  it('aborts a query whose client leaves before the answer', async () => {
    const { base } = servers.fine.lane;
    const seen = new Promise<void>((resolve) => (abortSeen = resolve));
    const request = http.get(`${base}/trpc/waits`);
    request.on('error', () => undefined);
    await new Promise((resolve) => setTimeout(resolve, 100));
    request.destroy();
    await seen;
  });
});
