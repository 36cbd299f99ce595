import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations, users } from '@sentinela/db/schema/accounts';
import { auditLog } from '@sentinela/db/schema/audit';
import { emailOutbox } from '@sentinela/db/schema/notifications';
import { testDatabaseKinds } from '@sentinela/db/test/test-database';
import { failure } from '../../../test/call-failure';
import { startTestServer, type TestClient, type TestServer } from '../../../test/test-server';

const PASSWORD = 'Turbina#Forte26';

// An admin's invitation: a one-time link to /register?invite=<token>, 48 h, with the chosen role (issue 16).
describe.each(testDatabaseKinds())('invitations on %s', (kind) => {
  let server: TestServer;
  let ana: TestClient;
  beforeAll(async () => {
    server = await startTestServer(kind);
    ana = await server.enrolledClient('ana@example.com', 'admin');
  });
  afterAll(() => server.close());

  const tokenOf = (link: string) => new URL(link).searchParams.get('invite') ?? '';
  const register = (email: string, invite: string, lang: 'pt' | 'en' = 'pt') =>
    server.client(lang).trpc.auth.register.mutate({ name: 'Convidada', email, password: PASSWORD, invite });

  it('gives the invited account the chosen role, once, through the link shown and e-mailed', async () => {
    const { link, expiresAt } = await ana.trpc.users.invite.mutate({ email: 'Bia@Example.com', role: 'operator' });
    expect(link).toMatch(new RegExp(`^${server.base}/register\\?invite=[\\w-]{43}$`));
    expect(expiresAt).toEqual(new Date(server.clock.now().getTime() + 48 * 3600_000));
    const [mail] = await server.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, 'bia@example.com'))
      .orderBy(desc(emailOutbox.createdAt));
    expect(mail?.body).toContain(link);
    // Only the hash is stored.
    expect((await server.database.db.select().from(invitations)).map((i) => i.id)).not.toContain(tokenOf(link));

    // Another e-mail cannot use it.
    expect((await failure(register('caio@example.com', tokenOf(link)))).message).toBe(
      'Este convite é inválido, expirou, já foi usado ou é para outro e-mail.',
    );
    await register('bia@example.com', tokenOf(link));
    const [bia] = await server.database.db.select().from(users).where(eq(users.email, 'bia@example.com'));
    expect(bia?.role).toBe('operator');
    // Twice: the used invitation is refused (before the taken e-mail is looked at: ADR 033).
    expect((await failure(register('bia@example.com', tokenOf(link)))).message).toBe(
      'Este convite é inválido, expirou, já foi usado ou é para outro e-mail.',
    );
    const audit = await server.database.db.select().from(auditLog).where(eq(auditLog.action, 'users.invite'));
    expect(audit).toMatchObject([{ result: 'success', target: 'bia@example.com', details: { role: 'operator' } }]);
  });

  it('refuses an e-mail that has an account, lets only admins invite, and expires after 48 hours', async () => {
    expect((await failure(ana.trpc.users.invite.mutate({ email: 'ana@example.com', role: 'viewer' }))).code).toBe(
      'CONFLICT',
    );
    const viewer = await server.enrolledClient('eva@example.com', 'viewer');
    expect((await failure(viewer.trpc.users.invite.mutate({ email: 'x@example.com', role: 'admin' }))).code).toBe(
      'FORBIDDEN',
    );
    // Without an invitation, a later self-registration is still a viewer.
    await server.client().trpc.auth.register.mutate({ name: 'Fabio', email: 'fabio@example.com', password: PASSWORD });
    const [fabio] = await server.database.db.select().from(users).where(eq(users.email, 'fabio@example.com'));
    expect(fabio?.role).toBe('viewer');

    const { link } = await ana.trpc.users.invite.mutate({ email: 'dora@example.com', role: 'admin' });
    server.clock.advance(48 * 3600_000 + 1000);
    expect((await failure(register('dora@example.com', tokenOf(link), 'en'))).message).toBe(
      'This invitation is invalid, has expired, was already used or is for another e-mail.',
    );
    expect(await server.database.db.select().from(users).where(eq(users.email, 'dora@example.com'))).toEqual([]);
  });
});
