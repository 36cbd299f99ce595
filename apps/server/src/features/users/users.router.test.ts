import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginChallenges, recoveryCodes, sessions, users } from '@sentinela/db/schema/accounts';
import { auditLog } from '@sentinela/db/schema/audit';
import { testDatabaseKinds } from '@sentinela/db/test/test-database';
import { failure } from '../../../test/call-failure';
import { startTestServer, type TestClient, type TestServer } from '../../../test/test-server';

const PASSWORD = 'Turbina#Forte26';

// Disable / enable, 2FA reset and the last-admin rule, through the real app (issue 16).
describe.each(testDatabaseKinds())('users administration on %s', (kind) => {
  let server: TestServer;
  let ana: TestClient; // admin, registered first
  let idOf: (email: string) => Promise<string>;
  beforeAll(async () => {
    server = await startTestServer(kind);
    ana = await server.enrolledClient('ana@example.com', 'admin');
    await server.enrolledClient('bia@example.com', 'viewer');
    idOf = async (email) =>
      (await server.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
  });
  afterAll(() => server.close());

  const sessionsOf = async (email: string) =>
    server.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, await idOf(email)));
  const auditOf = (action: string) =>
    server.database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(auditLog.at);

  it('lets only administrators disable, enable and reset 2FA', async () => {
    const caio = await server.enrolledClient('caio@example.com', 'operator');
    const bia = await idOf('bia@example.com');
    for (const call of [
      caio.trpc.users.setDisabled.mutate({ userId: bia, disabled: true }),
      caio.trpc.users.resetTwoFactor.mutate({ userId: bia }),
    ]) {
      expect(await failure(call)).toMatchObject({ code: 'FORBIDDEN', status: 403 });
    }
    expect(await failure(server.client().trpc.users.setDisabled.mutate({ userId: bia, disabled: true }))).toMatchObject(
      { code: 'UNAUTHORIZED' },
    );
    expect((await server.database.db.select().from(users).where(eq(users.id, bia)))[0]?.disabledAt).toBeNull();
  });

  it('ends a disabled account’s sessions and pending sign-ins at once, refuses its sign-in, and enables it again', async () => {
    const dora = await server.enrolledClient('dora@example.com', 'viewer');
    const doraId = await idOf('dora@example.com');
    // A second browser half-way through its sign-in (password done, code pending).
    const pending = server.client();
    expect(await pending.trpc.auth.login.mutate({ email: 'dora@example.com', password: PASSWORD })).toMatchObject({
      twoFactorRequired: true,
    });
    expect(await sessionsOf('dora@example.com')).toHaveLength(1);

    const answer = await ana.trpc.users.setDisabled.mutate({ userId: doraId, disabled: true });
    expect(answer).toEqual({ id: doraId, disabledAt: server.clock.now() });
    expect(await sessionsOf('dora@example.com')).toEqual([]);
    expect(await server.database.db.select().from(loginChallenges).where(eq(loginChallenges.userId, doraId))).toEqual(
      [],
    );
    expect(await dora.trpc.auth.me.query()).toBeNull();
    expect(
      await failure(server.client().trpc.auth.login.mutate({ email: 'dora@example.com', password: PASSWORD })),
    ).toMatchObject({ message: 'Esta conta está desativada.' });
    const listed = await ana.trpc.users.list.query({ search: 'dora' });
    expect(listed.items[0]?.disabledAt).toEqual(server.clock.now());

    await ana.trpc.users.setDisabled.mutate({ userId: doraId, disabled: false });
    expect((await ana.trpc.users.list.query({ search: 'dora' })).items[0]?.disabledAt).toBeNull();
    const back = server.client();
    expect(await back.trpc.auth.login.mutate({ email: 'dora@example.com', password: PASSWORD })).toMatchObject({
      twoFactorRequired: true,
    });
    expect((await auditOf('users.disable')).map((a) => [a.result, a.target, a.details])).toEqual([
      ['success', 'dora@example.com', { from: 'enabled', to: 'disabled' }],
    ]);
    expect((await auditOf('users.enable')).map((a) => [a.result, a.details])).toEqual([
      ['success', { from: 'disabled', to: 'enabled' }],
    ]);
  });

  it('resets 2FA: secrets and recovery codes gone, sessions ended, setup asked at the next sign-in', async () => {
    const eva = await server.enrolledClient('eva@example.com', 'operator');
    const evaId = await idOf('eva@example.com');
    expect(await server.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, evaId))).toHaveLength(
      10,
    );
    expect(await ana.trpc.users.resetTwoFactor.mutate({ userId: evaId })).toEqual({ success: true });
    const [row] = await server.database.db.select().from(users).where(eq(users.id, evaId));
    expect(row).toMatchObject({
      twoFactorEnabled: false,
      twoFactorMethod: null,
      totpSecret: null,
      totpPendingSecret: null,
    });
    expect(await server.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, evaId))).toEqual([]);
    expect(await sessionsOf('eva@example.com')).toEqual([]);
    expect(await eva.trpc.auth.me.query()).toBeNull();

    // The password alone signs in now, into the setup state: only auth.* answers until 2FA is set up again.
    const again = server.client();
    expect(await again.trpc.auth.login.mutate({ email: 'eva@example.com', password: PASSWORD })).toMatchObject({
      user: { twoFactorEnabled: false },
    });
    expect(await failure(again.trpc.users.list.query({}))).toMatchObject({ code: 'FORBIDDEN' });
    const { secret } = await again.trpc.auth.setup2FA.query();
    const epoch = Math.floor(server.clock.now().getTime() / 1000);
    expect(
      (await again.trpc.auth.verify2FA.mutate({ code: await generate({ secret, epoch }) })).recoveryCodes,
    ).toHaveLength(10);
    expect(
      (await auditOf('users.resetTwoFactor'))
        .filter((a) => a.result !== 'denied')
        .map((a) => [a.result, a.target, a.details]),
    ).toEqual([['success', 'eva@example.com', { from: 'totp', to: 'off' }]]);
  });

  it('never lets an administrator disable, demote or reset themselves, nor leave the portal without an enabled admin', async () => {
    const anaId = await idOf('ana@example.com');
    expect(await failure(ana.trpc.users.setDisabled.mutate({ userId: anaId, disabled: true }))).toEqual({
      message: 'Você não pode desativar a sua própria conta; peça a outro administrador.',
      code: 'BAD_REQUEST',
      status: 400,
    });
    expect((await failure(ana.trpc.users.resetTwoFactor.mutate({ userId: anaId }))).code).toBe('BAD_REQUEST');

    expect(await sessionsOf('ana@example.com')).toHaveLength(1);

    // Two enabled admins demoting each other at once: one change wins, the other is refused.
    const gil = await server.enrolledClient('gil@example.com', 'admin', 'en');
    const gilId = await idOf('gil@example.com');
    const outcomes = await Promise.allSettled([
      ana.trpc.users.setRole.mutate({ userId: gilId, role: 'operator' }),
      gil.trpc.users.setRole.mutate({ userId: anaId, role: 'operator' }),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    const admins = await server.database.db.select().from(users).where(eq(users.role, 'admin'));
    expect(admins).toHaveLength(1);
    const [last] = admins;
    const other = last!.id === anaId ? gil : ana;
    // The other one is no longer an admin (their rights are read per request).
    expect((await failure(other.trpc.users.setDisabled.mutate({ userId: last!.id, disabled: true }))).code).toBe(
      'FORBIDDEN',
    );
    // The loser is refused either as no longer an admin or by the last-admin rule (when both ran at once).
    const roleChanges = await auditOf('users.setRole');
    expect(roleChanges.map((a) => a.result).sort()).toEqual([
      roleChanges.some((a) => a.result === 'denied') ? 'denied' : 'failure',
      'success',
    ]);
    expect((await auditOf('users.disable')).filter((a) => a.result === 'failure').map((a) => a.target)).toEqual([
      anaId,
    ]);
  });
});
