import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { callRaw, type WireInput } from '../../test/raw-trpc';
import { startTestServer, type TestClient, type TestServer } from '../../test/test-server';
import { arbitraryOf, mutatedOf, toWire } from '../../test/zod-arbitrary';
import type { ProcedureMeta, Tier } from './init';
import { appRouter } from './router';

/**
 * Issue 17: property-based fuzzing of every procedure with an input, over HTTP against the real
 * app, as anonymous, viewer, operator and admin — inputs of the schema's shape, the same with
 * hostile leaves (NUL, lone surrogates, 1 MB strings, nesting 200 deep, NaN, -0, 1e308, non-integers,
 * bad dates), and malformed superjson envelopes. Any 5xx fails, with the procedure and input.
 * FUZZ_RUNS (inputs per procedure and caller at or above its tier) and FUZZ_SEED repeat or widen a run.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

interface ProcedureDef {
  type: 'query' | 'mutation' | 'subscription';
  inputs: z.ZodType[];
  meta?: ProcedureMeta;
}

const callers = ['anonymous', 'viewer', 'operator', 'admin'] as const;
type Caller = (typeof callers)[number];
const rankOfCaller: Record<Caller, number> = { anonymous: 0, viewer: 2, operator: 3, admin: 4 };
const rankOfTier: Record<Tier, number> = { public: 0, signedIn: 1, authenticated: 2, operator: 3, admin: 4 };

/**
 * Not called by callers at or above their tier, and why (below it they are refused before
 * anything runs, so they are still called there):
 * - they send to the outside world (a test e-mail, a webhook to the given address);
 * - they sign in, register or enrol 2FA, which would replace a signed-in caller's own session.
 */
const NOT_AT_TIER: Record<string, string> = {
  'notifications.testEmail': 'sends an e-mail',
  'notifications.testWebhook': 'posts to the given address',
  'auth.register': 'signs the caller in as a new account',
  'auth.login': 'signs the caller in again',
  'auth.verifyLogin2FA': 'signs the caller in again',
  'auth.verify2FA': 'enrols 2FA for the caller',
  'auth.setup2FASMS': 'enrols 2FA for the caller',
  'auth.verifySMSCode': 'enrols 2FA for the caller',
};
/** These are public, so anonymous is at their tier: it calls them, with its own cookie-less session. */
const PUBLIC_FOR_ANONYMOUS = new Set(['auth.register', 'auth.login', 'auth.verifyLogin2FA']);

/** superjson envelopes a client can send that no serializer would write. */
const MALFORMED_WIRES: WireInput[] = [
  { json: 'x', meta: { values: ['bigint'] } },
  { json: 'x', meta: { values: ['Date'] } },
  { json: 'x', meta: { values: ['regexp'] } },
  { json: [1], meta: { values: ['set'] } },
  { json: 'x', meta: { values: ['set'] } },
  { json: [[1]], meta: { values: ['map'] } },
  { json: {}, meta: { values: [['class', 'Nope']] } },
  { json: {}, meta: { values: [['custom', 'nope']] } },
  { json: {}, meta: { values: { 'a.b.c': ['Date'] } } },
  { json: {}, meta: { values: { __proto__: ['Date'] } } },
  { json: { a: 1 }, meta: { referentialEqualities: { a: ['b.c'] } } },
  { json: { a: 1 }, meta: 'nonsense' },
  { json: { a: 1 }, meta: { values: 42 } },
];

const procedures = Object.entries(
  appRouter._def.procedures as unknown as Record<string, { _def: ProcedureDef }>,
).flatMap(([path, { _def: def }]) =>
  def.type !== 'subscription' && def.inputs.length > 0 ? [{ path, ...def, type: def.type }] : [],
);

describe('fuzzing every procedure’s input over HTTP', () => {
  let server: TestServer;
  const clients = {} as Record<Caller, TestClient>;

  beforeAll(async () => {
    // The weather provider at a closed loopback port: no call leaves the machine.
    server = await startTestServer('pglite', { weather: { url: 'http://127.0.0.1:9/', timeoutMs: 200 } });
    clients.anonymous = server.client('en');
    clients.viewer = await server.enrolledClient('vera@example.com', 'viewer', 'en');
    clients.operator = await server.enrolledClient('otto@example.com', 'operator', 'en');
    clients.admin = await server.enrolledClient('ana@example.com', 'admin', 'en');
  });
  afterAll(() => server.close());

  it(`never answers a 5xx (seed ${SEED}, ${RUNS} runs a procedure and caller)`, { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    let sent = 0;
    const answers = new Map<string, number>();
    for (const [index, procedure] of procedures.entries()) {
      const tier = procedure.meta?.tier ?? 'public';
      const schema = procedure.inputs[0] as z.ZodType;
      const hugeString = procedure.type === 'query' ? 2000 : 900_000;
      const input = fc.oneof(
        { weight: 1, arbitrary: arbitraryOf(schema, { hugeString }, false) },
        { weight: 1, arbitrary: arbitraryOf(schema, { hugeString }, true) },
        { weight: 2, arbitrary: mutatedOf(schema, { hugeString }) },
      );
      for (const caller of callers) {
        const atTier = rankOfCaller[caller] >= rankOfTier[tier];
        if (
          atTier &&
          procedure.path in NOT_AT_TIER &&
          !(caller === 'anonymous' && PUBLIC_FOR_ANONYMOUS.has(procedure.path))
        )
          continue;
        const wires: WireInput[] = fc
          .sample(input, { numRuns: atTier ? RUNS : 1, seed: SEED + index * 7 + rankOfCaller[caller] })
          .map(toWire);
        if (atTier) wires.push(MALFORMED_WIRES[(index + rankOfCaller[caller]) % MALFORMED_WIRES.length]!);
        for (const wire of wires) {
          const answer = await callRaw(server.base, clients[caller].cookies, procedure.type, procedure.path, { wire });
          sent++;
          const outcome = `${answer.status} ${answer.code ?? ''}`.trim();
          answers.set(outcome, (answers.get(outcome) ?? 0) + 1);
          if (answer.status >= 500 || answer.code === 'INTERNAL_SERVER_ERROR') {
            failures.push(
              `${procedure.path} as ${caller}: ${answer.status} ${answer.code ?? ''} ← ${JSON.stringify(wire).slice(0, 300)}`,
            );
          }
        }
      }
    }
    const tally = [...answers].map(([outcome, count]) => `${outcome} ×${count}`).join(', ');
    console.info(`fuzz: ${sent} inputs to ${procedures.length} procedures, seed ${SEED}: ${tally}`);
    expect(failures).toEqual([]);
    // The callers' own sessions survived the run (nothing above ended them).
    for (const caller of ['viewer', 'operator', 'admin'] as const) {
      expect((await clients[caller].trpc.auth.me.query())?.email).toBeTruthy();
    }
  });
});
