import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@sentinela/db/client';
import { recoveryCodes, sessions, users } from '@sentinela/db/schema/accounts';
import { auditLog } from '@sentinela/db/schema/audit';
import { createTestDatabase, testDatabaseKinds } from '@sentinela/db/test/test-database';
import { removedUserLabel } from '@sentinela/shared/privacy-values';
import { exportMyData, myPrivacy, requestDeletion } from './my-data.service';
import { carryOutPrivacyRequest, listPrivacyRequests, refusePrivacyRequest } from './privacy-requests.service';

const origin = { ip: '203.0.113.9', userAgent: 'test' };
const now = new Date('2026-11-24T12:00:00Z');

describe.each(testDatabaseKinds())('privacy requests on %s', (kind) => {
  let database: DatabaseHandle;
  type Account = { id: string; email: string };
  let admin: Account;
  let maria: Account;
  let other: Account;
  const account = (name: string, email: string, role: 'admin' | 'viewer') => ({ name, email, passwordHash: 'x', role });
  const auditText = async () => JSON.stringify(await database.db.select().from(auditLog).orderBy(auditLog.id));

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    [admin, maria, other] = (await database.db
      .insert(users)
      .values([
        account('Ana Admin', 'ana@example.com', 'admin'),
        account('Maria Souza', 'maria@example.com', 'viewer'),
        account('Otto Admin', 'otto@example.com', 'admin'),
      ])
      .returning({ id: users.id, email: users.email })) as [Account, Account, Account];
    await database.db
      .insert(sessions)
      .values({ id: 'maria-session', userId: maria.id, expiresAt: new Date(now.getTime() + 3600_000) });
    await database.db.insert(recoveryCodes).values({ userId: maria.id, codeHash: 'h' });
    await database.db.insert(auditLog).values([
      { action: 'auth.login', result: 'success', userId: maria.id, actorEmail: maria.email, ip: '198.51.100.7' },
      { action: 'motors.setPower', result: 'success', userId: maria.id, actorEmail: maria.email, target: 'mtr-1' },
      {
        action: 'users.setRole',
        result: 'success',
        userId: admin.id,
        actorEmail: admin.email,
        target: maria.email,
        details: { from: 'viewer', to: 'operator', note: `asked by ${maria.email}`, who: 'Maria Souza' },
      },
    ]);
  });
  afterAll(() => database.close());

  it('exports the caller’s profile, sessions and audit entries about them and by them', async () => {
    const data = await exportMyData(database.db, maria, origin, now);
    expect(data.profile).toMatchObject({ name: 'Maria Souza', email: 'maria@example.com' });
    expect(data.profile).not.toHaveProperty('passwordHash');
    expect(data.sessions).toHaveLength(1);
    expect(data.auditByMe.map((e) => e.action).sort()).toEqual(['auth.login', 'motors.setPower']);
    expect(data.auditAboutMe.map((e) => e.action)).toEqual(['users.setRole']);
    expect(data.truncated).toBe(false);
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'privacy.export'));
    expect(entry).toMatchObject({ userId: maria.id, result: 'success' });
  });

  it('takes one open deletion request at a time', async () => {
    const request = await requestDeletion(database.db, maria, origin, { reason: 'Saí da empresa' }, now);
    expect(request).toMatchObject({ status: 'pending', reason: 'Saí da empresa' });
    await expect(requestDeletion(database.db, maria, origin, { reason: null }, now)).rejects.toMatchObject({
      key: 'privacy.requestOpen',
    });
    expect((await myPrivacy(database.db, maria.id)).request).toMatchObject({ id: request.id, status: 'pending' });
    expect((await myPrivacy(database.db, maria.id)).retention).toEqual({ rawDays: 7, minuteDays: 90, auditDays: 365 });
    const list = await listPrivacyRequests(database.db, { status: 'pending', page: 1, pageSize: 25 });
    expect(list.items).toMatchObject([{ id: request.id, userName: 'Maria Souza', userEmail: 'maria@example.com' }]);
  });

  it('anonymises the person on carrying the request out: the facts stay, the name and e-mail go', async () => {
    const [request] = (await listPrivacyRequests(database.db, { status: 'pending', page: 1, pageSize: 25 })).items;
    const done = await carryOutPrivacyRequest(database.db, admin, origin, { requestId: request!.id }, now);
    const label = removedUserLabel(maria.id);
    expect(done).toEqual({ id: request!.id, status: 'done', anonymisedAs: label });
    const [row] = await database.db.select().from(users).where(eq(users.id, maria.id));
    expect(row).toMatchObject({ name: label, phoneNumber: null, totpSecret: null, twoFactorEnabled: false });
    expect(row?.email).not.toContain('maria');
    expect(row?.disabledAt).not.toBeNull();
    expect(await database.db.$count(sessions, eq(sessions.userId, maria.id))).toBe(0);
    expect(await database.db.$count(recoveryCodes, eq(recoveryCodes.userId, maria.id))).toBe(0);
    const text = await auditText();
    expect(text).not.toContain('maria@example.com');
    expect(text).not.toContain('Maria Souza');
    expect(text).not.toContain('198.51.100.7');
    // The facts stay: her command, still hers (by id), now under the label.
    const [command] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'motors.setPower'));
    expect(command).toMatchObject({ userId: maria.id, actorEmail: label, target: 'mtr-1' });
    const [carried] = await database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'privacy.carryOut' and ${auditLog.result} = 'success'`);
    expect(carried).toMatchObject({ userId: admin.id, target: maria.id, details: { anonymisedAs: label } });
    await expect(
      carryOutPrivacyRequest(database.db, admin, origin, { requestId: request!.id }, now),
    ).rejects.toMatchObject({ key: 'privacy.requestDecided' });
  });

  it('never removes the last enabled administrator, nor one’s own account', async () => {
    const own = await requestDeletion(database.db, admin, origin, { reason: null }, now);
    await expect(carryOutPrivacyRequest(database.db, admin, origin, { requestId: own.id }, now)).rejects.toMatchObject({
      key: 'privacy.ownRequest',
    });
    await database.db.update(users).set({ disabledAt: now }).where(eq(users.id, other.id));
    await expect(carryOutPrivacyRequest(database.db, other, origin, { requestId: own.id }, now)).rejects.toMatchObject({
      key: 'privacy.lastAdmin',
    });
    expect((await database.db.select().from(users).where(eq(users.id, admin.id)))[0]?.email).toBe('ana@example.com');
    const failures = await database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'privacy.carryOut' and ${auditLog.result} = 'failure'`);
    expect(failures.map((f) => (f.details as { reason: string }).reason)).toEqual(
      expect.arrayContaining(['privacy.ownRequest', 'privacy.lastAdmin']),
    );
    await expect(refusePrivacyRequest(database.db, other, origin, { requestId: own.id }, now)).resolves.toMatchObject({
      status: 'refused',
    });
  });
});
