import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieName, readCookie, SESSION_COOKIE, setSessionCookie } from '../features/auth/auth-cookies';
import { apiResponseHeaders, HSTS_VALUE, registerSecurityHeaders } from './security';

// Behind a proxy that terminates TLS (TRUST_PROXY), the request is https; locally it is plain http.
describe('headers and cookies by scheme', () => {
  const app = Fastify({ trustProxy: true });

  beforeAll(async () => {
    await registerSecurityHeaders(app);
    await app.register(cookie);
    app.get('/page', () => 'ok');
    app.get('/sign-in', (req, reply) => {
      setSessionCookie(req, reply, 'token-1', new Date(Date.now() + 60_000));
      return { name: cookieName(req, SESSION_COOKIE) };
    });
    app.get('/who', (req) => ({ token: readCookie(req, SESSION_COOKIE) ?? null }));
    await app.register(
      (api, _options, done) => {
        api.addHook('onSend', apiResponseHeaders);
        api.get('/json', (_req, reply) => reply.type('application/json').send('{"a":1}'));
        // As tRPC's adapter answers: a fetch Response with a bare application/json.
        api.get('/response', (_req, reply) =>
          reply.send(
            new Response('{"b":2}', { status: 207, headers: { 'content-type': 'application/json', vary: 'x-test' } }),
          ),
        );
        done();
      },
      { prefix: '/api' },
    );
    await app.ready();
  });
  afterAll(() => app.close());

  const https = { 'x-forwarded-proto': 'https' };

  it('HSTS only over https', async () => {
    const plain = await app.inject({ url: '/page' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const secure = await app.inject({ url: '/page', headers: https });
    expect(secure.headers['strict-transport-security']).toBe(HSTS_VALUE);
  });

  it("the CSP forbids <base> altogether (base-uri 'none')", async () => {
    const response = await app.inject({ url: '/page' });
    expect(response.headers['content-security-policy']).toContain("base-uri 'none'");
    expect(response.headers['content-security-policy']).not.toContain("base-uri 'self'");
  });

  it('API answers are never cached and name their charset', async () => {
    const response = await app.inject({ url: '/api/json' });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('every helmet header, byte for byte, on every response (worked out once, ADR 034)', async () => {
    const expected = {
      'content-security-policy':
        "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;" +
        "font-src 'self' data:;connect-src 'self';object-src 'none';base-uri 'none';form-action 'self';" +
        "frame-ancestors 'none'",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'DENY',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    for (const url of ['/page', '/api/json', '/api/response', '/missing']) {
      const response = await app.inject({ url });
      expect(response.headers).toMatchObject(expected);
    }
  });

  it('a JSON fetch Response (tRPC) is sent whole: its status and headers, a length, the charset', async () => {
    const response = await app.inject({ url: '/api/response' });
    expect(response.statusCode).toBe(207);
    expect(response.body).toBe('{"b":2}');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers.vary).toBe('x-test');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-length']).toBe('7');
    expect(response.headers['transfer-encoding']).toBeUndefined();
  });

  it('the session cookie is __Host- prefixed and Secure over https, bare over plain http', async () => {
    const secure = await app.inject({ url: '/sign-in', headers: https });
    const set = String(secure.headers['set-cookie']);
    expect(set).toMatch(/^__Host-sentinela_session=token-1;/);
    expect(set).toContain('Secure');
    expect(set).toContain('Path=/');
    expect(set).not.toContain('Domain=');
    const plain = await app.inject({ url: '/sign-in' });
    expect(String(plain.headers['set-cookie'])).toMatch(/^sentinela_session=token-1;/);
  });

  it('over https only the prefixed cookie counts (a bare one planted by a sibling domain is ignored)', async () => {
    const planted = await app.inject({ url: '/who', headers: { ...https, cookie: 'sentinela_session=planted' } });
    expect(planted.json()).toEqual({ token: null });
    const real = await app.inject({ url: '/who', headers: { ...https, cookie: '__Host-sentinela_session=real' } });
    expect(real.json()).toEqual({ token: 'real' });
    const plain = await app.inject({ url: '/who', headers: { cookie: 'sentinela_session=local' } });
    expect(plain.json()).toEqual({ token: 'local' });
  });
});
