import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@sentinela/db/client';
import { users } from '@sentinela/db/schema/accounts';
import { auditLog } from '@sentinela/db/schema/audit';
import { createTestDatabase, testDatabaseKinds } from '@sentinela/db/test/test-database';
import { setUserRole } from './users.service';

const origin = { ip: '203.0.113.9', userAgent: 'test' };

// The role change and its audit entry are one transaction.
describe.each(testDatabaseKinds())('setUserRole on %s', (kind) => {
  let database: DatabaseHandle;
  let admin: { id: string; email: string };
  let viewer: { id: string; email: string };
  const roleOf = async (id: string) => (await database.db.select().from(users).where(eq(users.id, id)))[0]?.role;
  const entries = () => database.db.select().from(auditLog).where(eq(auditLog.action, 'users.setRole'));

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const account = (email: string, role: 'admin' | 'viewer') => ({ name: email, email, passwordHash: 'x', role });
    [admin, viewer] = (await database.db
      .insert(users)
      .values([account('admin@example.com', 'admin'), account('viewer@example.com', 'viewer')])
      .returning({ id: users.id, email: users.email })) as [typeof admin, typeof viewer];
  });
  afterAll(() => database.close());

  it('changes the role and records who did it', async () => {
    await expect(setUserRole(database.db, admin, origin, { userId: viewer.id, role: 'operator' })).resolves.toEqual({
      id: viewer.id,
      role: 'operator',
    });
    expect(await roleOf(viewer.id)).toBe('operator');
    expect(await entries()).toMatchObject([
      { result: 'success', userId: admin.id, target: viewer.email, details: { from: 'viewer', to: 'operator' } },
    ]);
  });

  it('keeps the role when the audit entry cannot be written', async () => {
    // An actor id that is no uuid: the audit insert fails, inside the change's transaction.
    const broken = { id: 'not-a-uuid', email: 'ghost@example.com' };
    await expect(setUserRole(database.db, broken, origin, { userId: viewer.id, role: 'admin' })).rejects.toThrow();
    expect(await roleOf(viewer.id)).toBe('operator');
    expect(await entries()).toHaveLength(1);
  });

  it('records a refused change as a failure, with no success entry', async () => {
    await expect(setUserRole(database.db, admin, origin, { userId: admin.id, role: 'viewer' })).rejects.toThrow();
    expect(await roleOf(admin.id)).toBe('admin');
    const rows = await entries();
    expect(rows.filter((row) => row.target === admin.id)).toMatchObject([{ result: 'failure' }]);
    expect(rows.filter((row) => row.result === 'success')).toHaveLength(1);
  });

  it("refuses an administrator's change of their own role, even with another administrator", async () => {
    await setUserRole(database.db, admin, origin, { userId: viewer.id, role: 'admin' });
    await expect(setUserRole(database.db, admin, origin, { userId: admin.id, role: 'operator' })).rejects.toMatchObject(
      { key: 'users.ownRole' },
    );
    expect(await roleOf(admin.id)).toBe('admin');
    await setUserRole(database.db, admin, origin, { userId: viewer.id, role: 'operator' });
  });

  it('counts only enabled administrators as the last admin', async () => {
    // Viewer is an admin again, then a disabled one: Ana is the only enabled admin left.
    await setUserRole(database.db, admin, origin, { userId: viewer.id, role: 'admin' });
    await database.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, viewer.id));
    // Called as the disabled admin (the service alone: the API never lets a disabled account act).
    await expect(setUserRole(database.db, viewer, origin, { userId: admin.id, role: 'viewer' })).rejects.toMatchObject({
      key: 'users.lastAdmin',
    });
    expect(await roleOf(admin.id)).toBe('admin');
    // Demoting the disabled admin leaves the enabled ones as they were: allowed.
    await expect(setUserRole(database.db, admin, origin, { userId: viewer.id, role: 'operator' })).resolves.toEqual({
      id: viewer.id,
      role: 'operator',
    });
  });
});
