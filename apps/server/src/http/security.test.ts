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
