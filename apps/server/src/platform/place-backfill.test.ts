import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@sentinela/db/client';
import { auditLog } from '@sentinela/db/schema/audit';
import { backfills } from '@sentinela/db/schema/jobs';
import { alerts, commands, equipmentStatusChanges } from '@sentinela/db/schema/plant';
import { createTestDatabase, testDatabaseKinds } from '@sentinela/db/test/test-database';
import { listEvents } from '../features/events/events.service';
import { seedPlant } from '../../test/plant-fixture';
import { recordAudit } from './audit';
import { placesPending, runPlaceBackfill } from './place-backfill';

const origin = { ip: '127.0.0.1', userAgent: undefined };
const MINUTE = 60_000;

// ADR 035: alerts, commands and status changes carry their facility from their insert; the rows
// from before (and the audit entries from before 0022) are placed by a background job, and the
// timeline's place filters find them all the while.
describe.each(testDatabaseKinds())('the place backfill on %s', (kind) => {
  let database: DatabaseHandle;
  let f: { alfa: string; beta: string };
  let alertId: string;
  let oneStatement: boolean;

  const ids = async (facilityId: string) =>
    (
      await listEvents(database.db, { role: 'admin' }, { filters: { facilityId }, limit: 100 }, { oneStatement })
    ).items.map((item) => item.id);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    oneStatement = database.kind === 'pglite';
    ({ f } = await seedPlant(database.db));
    const db = database.db;
    const now = Date.now();
    const [alert] = await db
      .insert(alerts)
      .values({
        equipmentId: 'mtr-b1',
        source: 'threshold:vibration',
        severity: 'warning',
        message: 'Vibração alta',
        raisedAt: new Date(now - 10 * MINUTE),
      })
      .returning();
    alertId = alert!.id;
    await db.insert(commands).values({
      equipmentId: 'mtr-b1',
      action: 'power',
      payload: { on: false },
      requestedAt: new Date(now - 8 * MINUTE),
    });
    await db
      .insert(equipmentStatusChanges)
      .values({ equipmentId: 'mtr-b1', at: new Date(now - 6 * MINUTE), fromStatus: 'online', toStatus: 'offline' });
    await recordAudit(db, origin, { action: 'alerts.acknowledge', result: 'success', target: alertId });
  });
  afterAll(() => database.close());

  it('writes each new row with its equipment’s facility (the insert triggers)', async () => {
    const db = database.db;
    const [alert] = await db.select({ facilityId: alerts.facilityId }).from(alerts).where(eq(alerts.id, alertId));
    const [command] = await db
      .select({ facilityId: commands.facilityId })
      .from(commands)
      .where(eq(commands.equipmentId, 'mtr-b1'));
    const [change] = await db
      .select({ facilityId: equipmentStatusChanges.facilityId })
      .from(equipmentStatusChanges)
      .where(eq(equipmentStatusChanges.equipmentId, 'mtr-b1'));
    expect([alert?.facilityId, command?.facilityId, change?.facilityId]).toEqual([f.beta, f.beta, f.beta]);
  });

  it('finds the rows not placed yet by their joins, places them in batches, and finds them still', async () => {
    const db = database.db;
    // As after the migrations on an older database: every row without its place.
    await db.execute(sql`update alerts set facility_id = null`);
    await db.execute(sql`update commands set facility_id = null`);
    await db.execute(sql`update equipment_status_changes set facility_id = null`);
    await db.execute(sql`update audit_log set facility_id = null, equipment_id = null`);
    await db
      .update(backfills)
      .set({ nextId: sql`(select max(id) from audit_log)` })
      .where(eq(backfills.name, 'audit_log.place'));

    const pending = await placesPending(db);
    expect(pending).toMatchObject({ alerts: true, commands: true, statusChanges: true });
    expect(pending?.auditBelow).toBeGreaterThan(0);

    const before = await ids(f.beta);
    const codes = (list: string[]) => list.map((id) => id.split(':')[0]).sort();
    expect(new Set(codes(before))).toEqual(new Set(['alert', 'audit', 'command', 'status']));
    expect(await ids(f.alfa)).not.toContain(before.find((id) => id.startsWith('status:')));

    // Batches of two rows: several statements per table, each its own short transaction.
    const counts = await runPlaceBackfill(db, { batch: 2 });
    expect(counts.alerts).toBeGreaterThan(0);
    expect(counts.statusChanges).toBe(1);
    expect(counts.commands).toBe(1);
    expect(counts.audit).toBeGreaterThanOrEqual(1);

    const [audit] = await db
      .select({ facilityId: auditLog.facilityId, equipmentId: auditLog.equipmentId })
      .from(auditLog)
      .where(eq(auditLog.target, alertId));
    expect(audit).toEqual({ facilityId: f.beta, equipmentId: 'mtr-b1' });
    const [state] = await db.select().from(backfills).where(eq(backfills.name, 'audit_log.place'));
    expect(state?.nextId).toBeNull();
    expect(await placesPending(db)).toBeNull();
    expect(await ids(f.beta)).toEqual(before);

    // Again: nothing left, nothing changed (idempotent).
    expect(await runPlaceBackfill(db, { batch: 2 })).toEqual({ audit: 0, alerts: 0, commands: 0, statusChanges: 0 });
  });

  it('resumes where a stopped run left off', async () => {
    const db = database.db;
    await db
      .insert(equipmentStatusChanges)
      .values({ equipmentId: 'mtr-a1', at: new Date(), fromStatus: 'online', toStatus: 'offline' });
    await db.execute(sql`update equipment_status_changes set facility_id = null`);
    // A run out of time after its first round of batches: the next one does the rest.
    const first = await runPlaceBackfill(db, { batch: 1, budgetMs: 0 });
    expect(first.statusChanges).toBe(1);
    const second = await runPlaceBackfill(db, { batch: 1 });
    expect(second.statusChanges).toBe(1);
    const left = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(equipmentStatusChanges)
      .where(sql`${equipmentStatusChanges.facilityId} is null`);
    expect(left[0]?.n).toBe(0);
  });
});
