import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Context } from './context';
import { createCallerFactory, router } from './init';
import { adminReadProcedure, listProcedure, readProcedure } from './procedures';

const db = { name: 'the request database' };
const input = z.object({ page: z.number().default(1) });
const output = z.object({ page: z.number(), db: z.string() });

const testRouter = router({
  read: readProcedure(input, output, (database, { page }) =>
    Promise.resolve({ page, db: (database as unknown as typeof db).name }),
  ),
  admin: adminReadProcedure(input, output, (_, { page }) => Promise.resolve({ page, db: 'admin' })),
  options: listProcedure(z.array(z.string()), () => Promise.resolve(['a', 'b'])),
  // The service's answer is checked against the output schema.
  wrong: readProcedure(input, output, () => Promise.resolve({ page: 'one' } as never)),
});

function callerAs(user: { role: 'viewer' | 'admin'; twoFactorEnabled: boolean } | null) {
  const session = user ? { id: 's1', user: { id: 'u1', email: 'u@example.com', ...user } } : null;
  return createCallerFactory(testRouter)({
    db,
    session,
    lang: 'en',
    auth: { now: () => new Date() },
  } as unknown as Context);
}

describe('procedure builders', () => {
  it('reads with the parsed input and the request database', async () => {
    const caller = callerAs({ role: 'viewer', twoFactorEnabled: true });
    await expect(caller.read({})).resolves.toEqual({ page: 1, db: 'the request database' });
    await expect(caller.read({ page: 3 })).resolves.toEqual({ page: 3, db: 'the request database' });
    await expect(caller.options()).resolves.toEqual(['a', 'b']);
  });

  it('refuses an answer that does not match the output schema', async () => {
    await expect(callerAs({ role: 'viewer', twoFactorEnabled: true }).wrong({})).rejects.toThrow();
  });

  it('keeps the tiers: signed in with 2FA, admin for admin reads', async () => {
    await expect(callerAs(null).read({})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(callerAs({ role: 'viewer', twoFactorEnabled: false }).read({})).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(callerAs(null).options()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(callerAs({ role: 'admin', twoFactorEnabled: true }).admin({ page: 2 })).resolves.toEqual({
      page: 2,
      db: 'admin',
    });
  });
});
