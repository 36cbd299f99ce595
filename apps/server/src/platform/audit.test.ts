import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@sentinela/db/client';
import { auditLog } from '@sentinela/db/schema/audit';
import { facilities } from '@sentinela/db/schema/plant';
import { createTestDatabase, testDatabaseKinds } from '@sentinela/db/test/test-database';
import { auditedChange, recordAudit, type AuditEntry } from './audit';

const origin = { ip: '203.0.113.7', userAgent: 'test' };
const entry = (target: string): AuditEntry => ({ action: 'test.change', result: 'success', target });

describe.each(testDatabaseKinds())('audit on %s', (kind) => {
  let database: DatabaseHandle;
  const entriesFor = (target: string) => database.db.select().from(auditLog).where(eq(auditLog.target, target));
  const facility = (code: string) => database.db.select().from(facilities).where(eq(facilities.code, code));
  const addFacility = (code: string) => (tx: DatabaseHandle['db']) =>
    tx.insert(facilities).values({ code, name: code, city: 'Campinas', timezone: 'America/Sao_Paulo' });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.close());

  it('records an entry with the origin, a long user agent cut to 512 characters', async () => {
    await recordAudit(database.db, { ip: origin.ip, userAgent: 'x'.repeat(600) }, entry('plain'));
    const [row] = await entriesFor('plain');
    expect(row).toMatchObject({ action: 'test.change', result: 'success', ip: origin.ip, userId: null });
    expect(row?.userAgent).toHaveLength(512);
  });

  it('keeps a change and its entry together', async () => {
    const answer = await auditedChange(
      database.db,
      origin,
      async (tx) => (await addFacility('ok')(tx), 42),
      (n) => ({
        ...entry('ok'),
        details: { n },
      }),
    );
    expect(answer).toBe(42);
    expect(await facility('ok')).toHaveLength(1);
    expect((await entriesFor('ok'))[0]?.details).toEqual({ n: 42 });
  });

  it('rolls the change back when its entry cannot be written', async () => {
    // user_id is a uuid column: this entry fails to insert.
    const bad = { ...entry('bad-entry'), userId: 'not-a-uuid' };
    await expect(auditedChange(database.db, origin, addFacility('bad-entry'), () => bad)).rejects.toThrow();
    expect(await facility('bad-entry')).toHaveLength(0);
    expect(await entriesFor('bad-entry')).toHaveLength(0);
  });

  it('writes no entry for a change that fails', async () => {
    const failing = async (tx: DatabaseHandle['db']) => {
      await addFacility('failed')(tx);
      throw new Error('refused');
    };
    await expect(auditedChange(database.db, origin, failing, () => entry('failed'))).rejects.toThrow('refused');
    expect(await facility('failed')).toHaveLength(0);
    expect(await entriesFor('failed')).toHaveLength(0);
  });
});
