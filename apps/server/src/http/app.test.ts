import http from 'node:http';
import { createTRPCClient, httpBatchLink, httpLink, TRPCClientError } from '@trpc/client';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testDatabaseKinds } from '@sentinela/db/test/test-database';
import { startTestServer, type TestServer } from '../../test/test-server';
import { AppError } from '../platform/errors';
import { mergeRouters, publicProcedure, router } from '../trpc/init';
import { appRouter } from '../trpc/router';

// A probe router beside the real one: the foundation has no public mutation of its own yet.
const probeRouter = router({
  probe: router({
    echo: publicProcedure
      .input(z.object({ text: z.string().max(5), at: z.date() }))
      .mutation(({ input }) => ({ text: input.text.toUpperCase(), at: input.at })),
    fail: publicProcedure.query(() => {
      throw new AppError('CONFLICT', 'error.crossSite');
    }),
    crash: publicProcedure.query(() => {
      throw new Error('secret internal detail');
    }),
  }),
});
const testRouter = mergeRouters(appRouter, probeRouter);

describe.each(testDatabaseKinds())('HTTP server on %s', (kind) => {
  let server: TestServer;
  let base = '';

  beforeAll(async () => {
    server = await startTestServer(kind, { router: testRouter as unknown as typeof appRouter, useClock: false });
    base = server.base;
  });
  afterAll(() => server.close());

  const client = (lang: 'pt' | 'en' = 'pt', batch = true) =>
    createTRPCClient<typeof testRouter>({
      links: [
        (batch ? httpBatchLink : httpLink)({
          url: `${base}/api/trpc`,
          transformer: superjson,
          headers: { 'x-sentinela-language': lang },
        }),
      ],
    });

  async function errorBody(response: Response) {
    const body = await response.json();
    const first = Array.isArray(body) ? body[0] : body;
    return superjson.deserialize<{ message: string; data: { code: string; httpStatus: number; stack?: string } }>(
      (first as { error: Parameters<typeof superjson.deserialize>[0] }).error,
    );
  }

  describe('the tRPC wire protocol', () => {
    it('batches queries into one GET with the input JSON-encoded in `input`', async () => {
      const input = encodeURIComponent(JSON.stringify({ 0: { json: null }, 1: { json: null } }));
      const response = await fetch(`${base}/api/trpc/system.health,settings.public?batch=1&input=${input}`);
      expect(response.status).toBe(200);
      const body = (await response.json()) as { result: { data: { json: unknown } } }[];
      expect(body).toHaveLength(2);
      expect(body[0]?.result.data.json).toMatchObject({ status: 'ok' });
      // Anonymous callers learn neither the version, the database kind nor the uptime (issue 17).
      expect(body[0]?.result.data.json).not.toHaveProperty('uptimeSeconds');
      expect(body[0]?.result.data.json).not.toHaveProperty('version');
      // API answers are never cached and say their charset.
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      // Sent whole, in one write with its length, not as a chunked web stream (ADR 034).
      expect(response.headers.get('content-length')).toMatch(/^\d+$/);
      expect(response.headers.get('transfer-encoding')).toBeNull();
      expect(body[1]?.result.data.json).toEqual({
        siteName: 'Sentinela',
        themeSwitchable: true,
        defaultLanguage: 'pt',
      });
    });

    it('serves the typed client over httpBatchLink and httpLink, with superjson', async () => {
      const [health, settings] = await Promise.all([client().system.health.query(), client().settings.public.query()]);
      // The version and database kind only for an administrator (system.router.test.ts).
      expect(health).toMatchObject({ status: 'ok', databaseLatencyMs: expect.any(Number) });
      expect(settings.siteName).toBe('Sentinela');
      const at = new Date('2026-01-02T03:04:05Z');
      const echoed = await client('pt', false).probe.echo.mutate({ text: 'abc', at });
      expect(echoed).toEqual({ text: 'ABC', at });
      expect(echoed.at).toBeInstanceOf(Date);
    });

    it('takes mutations as POST with a JSON body', async () => {
      const response = await fetch(`${base}/api/trpc/probe.echo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(superjson.serialize({ text: 'ok', at: new Date(0) })),
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { result: { data: { json: { text: string } } } };
      expect(body.result.data.json.text).toBe('OK');
    });
  });

  describe('bad input gets a clear error, never a 500 or a stack', () => {
    it('unknown procedure: 404 in the caller language', async () => {
      const pt = await fetch(`${base}/api/trpc/nothing.here`);
      expect(pt.status).toBe(404);
      expect((await errorBody(pt)).message).toBe('Procedimento não encontrado: nothing.here');
      const en = await fetch(`${base}/api/trpc/nothing.here`, { headers: { 'x-sentinela-language': 'en' } });
      const body = await errorBody(en);
      expect(body.message).toBe('No such procedure: nothing.here');
      expect(body.data.code).toBe('NOT_FOUND');
      expect(body.data.stack).toBeUndefined();
    });

    it('a missing or malformed Host header: 400, not a 500 with a stack trace', async () => {
      const withHost = (host: string | null) =>
        new Promise<{ status: number; body: string }>((resolve, reject) => {
          const url = new URL(`${base}/api/trpc/system.health`);
          const request = http.request({ host: url.hostname, port: url.port, path: url.pathname, setHost: false });
          if (host !== null) request.setHeader('host', host);
          request.on('response', (response) => {
            let body = '';
            response.on('data', (chunk: Buffer) => (body += chunk.toString()));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
          });
          request.on('error', reject);
          request.end();
        });
      for (const host of ['a b', '[::1', 'x:99999', '%', 'a@b']) {
        const answer = await withHost(host);
        expect(answer.status, `Host ${host}`).toBe(400);
        expect(answer.body).toContain('Host');
      }
      // No Host at all: Node's HTTP server answers 400 itself (HTTP/1.1 requires one).
      expect((await withHost(null)).status).toBe(400);
      expect((await withHost(new URL(base).host)).status).toBe(200);
    });

    it('malformed JSON in the query string and in the body: 400 PARSE_ERROR', async () => {
      const get = await fetch(`${base}/api/trpc/system.health?input=%7Bnot-json`);
      expect(get.status).toBe(400);
      expect((await errorBody(get)).message).toBe('Não foi possível ler a requisição: o JSON é inválido.');
      const post = await fetch(`${base}/api/trpc/probe.echo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-sentinela-language': 'en' },
        body: '{"json": ',
      });
      expect(post.status).toBe(400);
      const body = await errorBody(post);
      expect(body.data.code).toBe('PARSE_ERROR');
      expect(body.message).toBe('Could not read the request: the JSON is malformed.');
    });

    it('wrong input shape: 400 with field messages in the caller language', async () => {
      const mutate = (lang: 'pt' | 'en') =>
        client(lang, false).probe.echo.mutate({ text: 'far too long', at: 'yesterday' as unknown as Date });
      const pt = await mutate('pt').catch((e: unknown) => e);
      expect(pt).toBeInstanceOf(TRPCClientError);
      const error = pt as TRPCClientError<typeof testRouter>;
      expect(error.data?.httpStatus).toBe(400);
      expect(error.data?.code).toBe('BAD_REQUEST');
      expect(error.message).toMatch(/^Dados inválidos: /);
      expect(error.data?.issues?.map((i) => i.path).sort()).toEqual(['at', 'text']);
      expect(error.data?.issues?.find((i) => i.path === 'text')?.message).toContain('5');
      const en = (await mutate('en').catch((e: unknown) => e)) as TRPCClientError<typeof testRouter>;
      expect(en.message).toMatch(/^Invalid input: /);
      expect(en.message).not.toBe(error.message);
    });

    it('a superjson envelope that lies about its types is refused, not crashed on', async () => {
      const response = await fetch(`${base}/api/trpc/probe.echo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ json: { text: 'a', at: 5 }, meta: { values: { at: ['nonsense-type'], 'x.y': 3 } } }),
      });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    });

    it('a batch of more than 20 calls: 400 in the caller language, before any runs', async () => {
      const calls = (n: number) => Array.from({ length: n }, () => 'system.health').join(',');
      const input = (n: number) =>
        encodeURIComponent(
          JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [i, { json: null }]))),
        );
      const ok = await fetch(`${base}/api/trpc/${calls(20)}?batch=1&input=${input(20)}`);
      expect(ok.status).toBe(200);
      const over = await fetch(`${base}/api/trpc/${calls(21)}?batch=1&input=${input(21)}`);
      expect(over.status).toBe(400);
      expect((await errorBody(over)).message).toBe('Consultas demais numa só requisição.');
      const en = await fetch(`${base}/api/trpc/${calls(21)}?batch=1&input=${input(21)}`, {
        headers: { 'x-sentinela-language': 'en' },
      });
      expect((await errorBody(en)).message).toBe('Too many calls in one request.');
    });

    it('a burst of heavy queries from one viewer: each answered or refused clearly, never a 5xx', async () => {
      const viewer = await server.enrolledClient('rajada@example.com', 'viewer');
      const cookie = [...viewer.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const to = new Date();
      const from = new Date(to.getTime() - 399 * 24 * 3600 * 1000);
      const one = {
        json: { equipmentId: 'mtr-1', metric: 'temperature', from, to, maxPoints: 5000 },
        meta: { values: { from: ['Date'], to: ['Date'] } },
      };
      const batch = () =>
        fetch(
          `${base}/api/trpc/${Array.from({ length: 20 }, () => 'telemetry.series').join(',')}?batch=1&input=${encodeURIComponent(
            JSON.stringify(Object.fromEntries(Array.from({ length: 20 }, (_, i) => [i, one]))),
          )}`,
          { headers: { cookie } },
        );
      const answers = await Promise.all(Array.from({ length: 4 }, batch));
      for (const answer of answers) expect(answer.status).toBeLessThan(500);
      const items = (await Promise.all(answers.map((a) => a.json()))).flat() as {
        result?: unknown;
        error?: { json: { message: string; data: { code: string } } };
      }[];
      expect(items).toHaveLength(80);
      for (const item of items) {
        if (item.error) {
          expect(item.error.json.data.code).toBe('TOO_MANY_REQUESTS');
          expect(item.error.json.message).toBe(
            'Muitas consultas pesadas ao mesmo tempo. Aguarde alguns segundos e tente de novo.',
          );
        } else {
          expect(item.result).toBeDefined();
        }
      }
    });

    it('a query called as a mutation: 405', async () => {
      const response = await fetch(`${base}/api/trpc/system.health`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(response.status).toBe(405);
      expect((await errorBody(response)).data.code).toBe('METHOD_NOT_SUPPORTED');
    });

    it('a body over 1 MB: 413', async () => {
      const response = await fetch(`${base}/api/trpc/probe.echo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ json: { text: 'x'.repeat(1_100_000) } }),
      });
      expect(response.status).toBe(413);
      expect((await errorBody(response)).message).toBe('A requisição é grande demais.');
    });

    it('service errors come translated; unexpected ones hide their detail', async () => {
      const failed = await fetch(`${base}/api/trpc/probe.fail`, { headers: { 'x-sentinela-language': 'en' } });
      expect(failed.status).toBe(409);
      expect((await errorBody(failed)).message).toBe('Cross-site request refused.');
      const crashed = await fetch(`${base}/api/trpc/probe.crash`);
      expect(crashed.status).toBe(500);
      const text = await crashed.clone().text();
      expect(text).not.toContain('secret internal detail');
      expect((await errorBody(crashed)).message).toBe('Ocorreu um erro interno. Tente novamente em instantes.');
    });
  });

  describe('request forgery', () => {
    const post = (
      headers: Record<string, string>,
      body = JSON.stringify(superjson.serialize({ text: 'a', at: new Date() })),
    ) => fetch(`${base}/api/trpc/probe.echo`, { method: 'POST', headers, body });

    it('refuses a POST that is not JSON', async () => {
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
        const response = await post({ 'content-type': type });
        expect(response.status, type).toBe(415);
        expect((await errorBody(response)).data.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      }
      expect((await post({})).status).toBe(415);
    });

    it('refuses a POST from another origin or marked cross-site', async () => {
      const json = { 'content-type': 'application/json' };
      const fromElsewhere = await post({ ...json, origin: 'https://evil.example' });
      expect(fromElsewhere.status).toBe(403);
      expect((await errorBody(fromElsewhere)).message).toBe('Requisição de outro site recusada.');
      expect((await post({ ...json, origin: 'null' })).status).toBe(403);
      expect((await post({ ...json, 'sec-fetch-site': 'cross-site' })).status).toBe(403);
      expect((await post({ ...json, 'sec-fetch-site': 'same-site' })).status).toBe(403);
    });

    it('accepts a same-origin POST', async () => {
      const host = new URL(base).host;
      const response = await post({
        'content-type': 'application/json',
        origin: base,
        host,
        'sec-fetch-site': 'same-origin',
      });
      expect(response.status).toBe(200);
    });
  });

  describe('the web app', () => {
    it('answers every unknown page path with index.html, uncached', async () => {
      for (const page of ['/', '/motors', '/404', '/some/unknown/path']) {
        const response = await fetch(`${base}${page}`);
        expect(response.status, page).toBe(200);
        expect(response.headers.get('content-type'), page).toContain('text/html');
        expect(response.headers.get('cache-control'), page).toBe('no-cache');
        expect(await response.text()).toContain('<div id="root">');
      }
    });

    it('caches hashed assets for a year; unknown API paths are 404 JSON', async () => {
      const asset = await fetch(`${base}/assets/app-abc123.js`);
      expect(asset.status).toBe(200);
      expect(asset.headers.get('cache-control')).toContain('immutable');
      const api = await fetch(`${base}/api/nothing`);
      expect(api.status).toBe(404);
      expect(api.headers.get('content-type')).toContain('application/json');
    });

    it('sends the security headers on pages and on the API', async () => {
      for (const url of ['/', '/api/trpc/system.health']) {
        const response = await fetch(`${base}${url}`);
        const csp = response.headers.get('content-security-policy') ?? '';
        expect(csp, url).toContain("frame-ancestors 'none'");
        expect(csp, url).toContain("script-src 'self'");
        expect(csp, url).not.toContain('unsafe-eval');
        expect(response.headers.get('x-content-type-options'), url).toBe('nosniff');
        expect(response.headers.get('referrer-policy'), url).toBe('strict-origin-when-cross-origin');
        expect(response.headers.get('x-frame-options'), url).toBe('DENY');
      }
    });
  });
});
