import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translateServerMessage } from '@sentinela/shared/messages';
import { callRaw } from '../../test/raw-trpc';
import { startTestServer, type TestClient, type TestServer } from '../../test/test-server';
import type { ProcedureMeta, Tier } from './init';
import { appRouter } from './router';

interface ProcedureDef {
  type: 'query' | 'mutation' | 'subscription';
  inputs: unknown[];
  meta?: ProcedureMeta;
}

const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: ProcedureDef }>).map(
  ([path, procedure]) => ({ path, ...procedure._def }),
);

/** The callers, weakest first: each one's rank is the highest tier it may call. */
const callers = ['anonymous', 'pending2FA', 'viewer', 'operator', 'admin'] as const;
type Caller = (typeof callers)[number];
const rankOfCaller: Record<Caller, number> = { anonymous: 0, pending2FA: 1, viewer: 2, operator: 3, admin: 4 };
const rankOfTier: Record<Tier, number> = { public: 0, signedIn: 1, authenticated: 2, operator: 3, admin: 4 };

/** An input no schema of ours takes (an array of arrays), so an allowed call stops at validation. */
const INVALID_INPUT = { value: [[['not-an-input']]] };

const roleRefusals = new Set(
  (['auth.forbidden', 'auth.twoFactorSetupRequired'] as const).map((key) => translateServerMessage(key, 'en')),
);

describe('the role matrix, from every procedure’s declared tier', () => {
  let server: TestServer;
  const clients = {} as Record<Caller, TestClient>;

  beforeAll(async () => {
    server = await startTestServer('pglite');
    clients.anonymous = server.client('en');
    clients.pending2FA = server.client('en');
    await clients.pending2FA.trpc.auth.register.mutate({
      name: 'Pendente',
      email: 'pendente@example.com',
      password: 'Turbina#Forte26',
    });
    clients.viewer = await server.enrolledClient('vera@example.com', 'viewer', 'en');
    clients.operator = await server.enrolledClient('otto@example.com', 'operator', 'en');
    clients.admin = await server.enrolledClient('ana@example.com', 'admin', 'en');
  });
  afterAll(() => server.close());

  it('gives every procedure a tier', () => {
    expect(procedures.length).toBeGreaterThan(100);
    expect(procedures.filter((p) => !p.meta?.tier).map((p) => p.path)).toEqual([]);
  });

  it('refuses every caller below a procedure’s tier and lets every caller at or above it through', async () => {
    const wrong: string[] = [];
    for (const procedure of procedures) {
      if (procedure.type === 'subscription') continue;
      const tier = procedure.meta?.tier ?? 'public';
      const hasInput = procedure.inputs.length > 0;
      for (const caller of callers) {
        const below = rankOfCaller[caller] < rankOfTier[tier];
        // A mutation without an input (logout, sign out the others, new recovery codes) would change
        // something, or end the caller's own session: it is only called below its tier, refused first.
        if (!below && !hasInput && procedure.type === 'mutation') continue;
        const answer = await callRaw(
          server.base,
          clients[caller].cookies,
          procedure.type,
          procedure.path,
          hasInput ? INVALID_INPUT : null,
        );
        const where = `${procedure.path} (${tier}) as ${caller}: ${answer.status} ${answer.code ?? 'ok'}`;
        if (answer.status >= 500 || answer.code === 'INTERNAL_SERVER_ERROR') wrong.push(`${where} — a server error`);
        else if (below) {
          const expected = caller === 'anonymous' || tier === 'signedIn' ? 'UNAUTHORIZED' : 'FORBIDDEN';
          if (answer.code !== expected) wrong.push(`${where} — expected ${expected}`);
        } else {
          const refused =
            answer.code === 'UNAUTHORIZED' || (answer.code === 'FORBIDDEN' && roleRefusals.has(answer.message ?? ''));
          if (refused) wrong.push(`${where} — refused at or above its tier`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses the live streams to callers below their tier over the wire', async () => {
    const wrong: string[] = [];
    for (const procedure of procedures.filter((p) => p.type === 'subscription')) {
      const tier = procedure.meta?.tier ?? 'public';
      for (const caller of callers.filter((c) => rankOfCaller[c] < rankOfTier[tier])) {
        const text = await firstSseChunk(server.base, clients[caller].cookies, procedure.path);
        if (!/UNAUTHORIZED|FORBIDDEN/.test(text)) wrong.push(`${procedure.path} as ${caller}: ${text.slice(0, 200)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

/** What a subscription's event stream sends first (its refusal), read for at most 3 s. */
async function firstSseChunk(base: string, cookies: Map<string, string>, path: string): Promise<string> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 3000);
  try {
    const response = await fetch(`${base}/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: {} }))}`, {
      headers: { accept: 'text/event-stream', cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      signal: controller.signal,
    });
    const reader = response.body?.getReader();
    let text = `${response.status} `;
    while (reader && !/UNAUTHORIZED|FORBIDDEN/.test(text)) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    await reader?.cancel();
    return text;
  } catch (error) {
    return `no refusal in 3 s (${String(error)})`;
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}
