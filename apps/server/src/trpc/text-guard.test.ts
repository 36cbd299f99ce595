import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../../test/call-failure';
import { startTestServer, type TestClient, type TestServer } from '../../test/test-server';
import { findUnstorableText } from './text-guard';

describe('findUnstorableText', () => {
  it('finds a NUL in a value or a key, anywhere, and says where', () => {
    expect(findUnstorableText({ a: 'ok', b: ['x', { c: 'bad\u0000' }] })).toEqual(['b', 1, 'c']);
    expect(findUnstorableText({ ['k\u0000']: 1 })).toEqual(['k\u0000']);
    expect(findUnstorableText('\u0000')).toEqual([]);
    expect(findUnstorableText({ a: 'fine', n: 1, d: new Date(), z: null })).toBeNull();
  });
  it('finds a lone surrogate (no UTF-8 encodes it), and lets a real pair through', () => {
    expect(findUnstorableText({ name: '\ud800AP' })).toEqual(['name']);
    expect(findUnstorableText({ name: 'fim\udc00' })).toEqual(['name']);
    expect(findUnstorableText({ ['\udbff']: 1 })).toEqual(['\udbff']);
    expect(findUnstorableText({ name: 'Motor 🔧 ok', pair: '\ud83d\udd27' })).toBeNull();
  });
  it('does not walk past a depth no input of ours has (no stack overflow on hostile nesting)', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnstorableText(deep)).toBeNull();
  });
});

// Every procedure, anonymous or not: a NUL in free text is a clear 400 naming the field, not a 500.
describe('a NUL character in any input', () => {
  let server: TestServer;
  let viewer: TestClient;
  beforeAll(async () => {
    server = await startTestServer('pglite');
    viewer = await server.enrolledClient('vera@example.com', 'viewer', 'en');
  });
  afterAll(() => server.close());

  it('is refused on anonymous registration, in the caller’s language, naming the field', async () => {
    const anonymous = server.client('pt');
    expect(
      await failure(
        anonymous.trpc.auth.register.mutate({ name: 'Ana\u0000', email: 'ana@example.com', password: 'Abcdef#2026!' }),
      ),
    ).toMatchObject({
      code: 'BAD_REQUEST',
      status: 400,
      message: expect.stringContaining('caracteres de controle') as unknown,
    });
  });

  it('is refused in a list search and an alert note', async () => {
    expect(await failure(viewer.trpc.equipment.list.query({ search: 'a\u0000b' }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('search') as unknown,
    });
    expect(await failure(viewer.trpc.maintenance.orders.list.query({ search: '\u0000' }))).toMatchObject({
      code: 'BAD_REQUEST',
    });
  });
});
