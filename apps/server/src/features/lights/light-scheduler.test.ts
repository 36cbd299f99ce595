import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@sentinela/db/client';
import { auditLog } from '@sentinela/db/schema/audit';
import { lightSchedules } from '@sentinela/db/schema/lighting';
import { workOrders } from '@sentinela/db/schema/maintenance';
import { commands, equipment, facilities, rooms } from '@sentinela/db/schema/plant';
import { createTestDatabase, testDatabaseKinds } from '@sentinela/db/test/test-database';
import type { CommandDeps } from '../../platform/commands/commands.service';
import { LiveBus, type LiveEvent } from '../../telemetry/live-bus';
import { startFakeLightDevices, type FakeLightDevices } from './fake-light-devices';
import { SYSTEM_ACTOR } from '../../platform/audit';
import { startLightScheduler, type LightScheduler } from './light-scheduler';

const log = pino({ level: 'silent' });

// The scheduler against a real database and real MQTT commands, with a clock the test sets.
describe.each(testDatabaseKinds())('light scheduler on %s', (kind) => {
  let database: DatabaseHandle;
  let devices: FakeLightDevices;
  let scheduler: LightScheduler;
  let second: LightScheduler;
  let clock = new Date('2026-03-02T12:00:00Z'); // Monday 09:00 in São Paulo, 21:00 in Tokyo
  const events: LiveEvent[] = [];
  const ids = { night: '', tokyo: '', off: '', roomA: '', cps: '' };

  const commandsOf = (equipmentId: string) =>
    database.db.select().from(commands).where(eq(commands.equipmentId, equipmentId));
  const scheduleRow = async (id: string) =>
    (await database.db.select().from(lightSchedules).where(eq(lightSchedules.id, id)))[0]!;
  const tickAt = (iso: string) => {
    clock = new Date(iso);
    return scheduler.tick();
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    devices = await startFakeLightDevices();
    const bus = new LiveBus();
    bus.subscribe((event) => events.push(event));
    const deps: CommandDeps = { db: database.db, bus, gateway: devices.gateway, now: () => clock };
    scheduler = startLightScheduler({ deps, log });
    // A second server instance on the same database.
    second = startLightScheduler({ deps, log });

    const db = database.db;
    const [cps, tyo] = await db
      .insert(facilities)
      .values([
        { code: 'cps', name: 'Fábrica Campinas', city: 'Campinas', timezone: 'America/Sao_Paulo' },
        { code: 'tyo', name: 'Escritório Tóquio', city: 'Tóquio', timezone: 'Asia/Tokyo' },
      ])
      .returning();
    const [roomA, roomB, roomT] = await db
      .insert(rooms)
      .values([
        { facilityId: cps!.id, name: 'Galpão A' },
        { facilityId: cps!.id, name: 'Almoxarifado' },
        { facilityId: tyo!.id, name: 'Recepção' },
      ])
      .returning();
    ids.roomA = roomA!.id;
    ids.cps = cps!.id;
    const light = (id: string, facilityId: string, roomId: string) => ({
      id,
      name: id,
      kind: 'light' as const,
      status: 'online' as const,
      facilityId,
      roomId,
      rated: { powerW: 100 },
      state: { on: false, brightness: 100, mode: 'normal' },
    });
    await db.insert(equipment).values([
      light('a-1', cps!.id, roomA!.id),
      light('a-2', cps!.id, roomA!.id),
      light('a-3', cps!.id, roomA!.id),
      light('b-1', cps!.id, roomB!.id),
      light('t-1', tyo!.id, roomT!.id),
      {
        id: 'm-1',
        name: 'Motor',
        kind: 'motor',
        status: 'online',
        facilityId: cps!.id,
        roomId: roomA!.id,
        state: { on: true },
      },
    ]);
    const [night, tokyo, off] = await db
      .insert(lightSchedules)
      .values([
        // Weeknights in São Paulo, 18:00 → 06:00, at 80 %.
        {
          roomId: roomA!.id,
          onTime: '18:00',
          offTime: '06:00',
          days: [1, 2, 3, 4, 5],
          brightness: 80,
          updatedAt: clock,
        },
        // Mondays in Tokyo, 18:00 → 23:00 (09:00 → 14:00 UTC); saved before today's 18:00 there.
        {
          roomId: roomT!.id,
          onTime: '18:00',
          offTime: '23:00',
          days: [1],
          brightness: 100,
          updatedAt: new Date('2026-03-02T08:00:00Z'),
        },
        // Disabled: never carried out.
        {
          roomId: roomB!.id,
          onTime: '00:00',
          offTime: '23:59',
          days: [0, 1, 2, 3, 4, 5, 6],
          enabled: false,
          updatedAt: new Date('2026-03-01T00:00:00Z'),
        },
      ])
      .returning();
    Object.assign(ids, { night: night!.id, tokyo: tokyo!.id, off: off!.id });
  });

  afterAll(async () => {
    await scheduler.stop();
    await second.stop();
    await devices.close();
    await database.close();
  });

  it('catches up a period that began before it looked, in the facility’s time zone', async () => {
    // 21:00 in Tokyo: Monday's 18:00 switch-on is owed; São Paulo's night has not begun.
    expect(await tickAt('2026-03-02T12:00:00Z')).toBe(1);
    expect(await commandsOf('t-1')).toMatchObject([
      { action: 'setLight', payload: { on: true, brightness: 100 }, status: 'confirmed', requestedBy: SYSTEM_ACTOR.id },
    ]);
    const [t1] = await database.db.select().from(equipment).where(eq(equipment.id, 't-1'));
    expect(t1?.state).toEqual({ on: true, brightness: 100, mode: 'normal' });
    expect((await scheduleRow(ids.tokyo)).lastOnAt).toEqual(new Date('2026-03-02T09:00:00Z'));
    // Again at the same moment, and a minute later: nothing more.
    expect(await tickAt('2026-03-02T12:00:00Z')).toBe(0);
    expect(await tickAt('2026-03-02T12:01:00Z')).toBe(0);
    expect(await commandsOf('t-1')).toHaveLength(1);
  });

  it('switches off at the local off time, not a second before', async () => {
    expect(await tickAt('2026-03-02T13:59:59Z')).toBe(0);
    expect(await tickAt('2026-03-02T14:00:00Z')).toBe(1);
    expect((await commandsOf('t-1')).map((c) => c.payload)).toEqual([{ on: true, brightness: 100 }, { on: false }]);
  });

  it('switches a room on at 18:00 São Paulo time exactly once, even with two schedulers', async () => {
    expect(await tickAt('2026-03-02T20:59:59Z')).toBe(0);
    clock = new Date('2026-03-02T21:00:00Z');
    // Both instances see the moment due at once; the claim lets one of them act.
    const carried = await Promise.all([scheduler.tick(), second.tick()]);
    expect(carried.sort()).toEqual([0, 1]);
    for (const id of ['a-1', 'a-2', 'a-3']) {
      expect(await commandsOf(id)).toMatchObject([{ payload: { on: true, brightness: 80 }, status: 'confirmed' }]);
    }
    // Only the room's lights, not the motor beside them nor the disabled schedule's room.
    expect(await commandsOf('m-1')).toEqual([]);
    expect(await commandsOf('b-1')).toEqual([]);
    const [a1] = await database.db.select().from(equipment).where(eq(equipment.id, 'a-1'));
    expect(a1?.state).toEqual({ on: true, brightness: 80, mode: 'normal' });
    expect(
      events.filter((e) => e.type === 'command' && e.equipmentId === 'a-1' && e.status === 'confirmed'),
    ).toHaveLength(1);

    expect(await tickAt('2026-03-02T21:00:30Z')).toBe(0);
    expect(await tickAt('2026-03-02T23:00:00Z')).toBe(0);
    expect(await commandsOf('a-1')).toHaveLength(1);
  });

  it('switches off at 06:00 the next morning and audits every run with its counts', async () => {
    devices.refusing.add('a-2');
    expect(await tickAt('2026-03-03T08:59:00Z')).toBe(0);
    expect(await tickAt('2026-03-03T09:00:00Z')).toBe(1);
    devices.refusing.delete('a-2');
    expect((await commandsOf('a-1')).map((c) => c.payload)).toEqual([{ on: true, brightness: 80 }, { on: false }]);
    expect((await commandsOf('a-2')).at(-1)).toMatchObject({ status: 'failed', error: 'driver fault' });
    const [a2] = await database.db.select().from(equipment).where(eq(equipment.id, 'a-2'));
    expect(a2?.state).toMatchObject({ on: true });
    expect(await scheduleRow(ids.night)).toMatchObject({
      lastOnAt: new Date('2026-03-02T21:00:00Z'),
      lastOffAt: new Date('2026-03-03T09:00:00Z'),
    });

    const runs = await database.db.select().from(auditLog).where(eq(auditLog.actorEmail, 'system'));
    const scheduleRuns = runs.filter((r) => r.action.startsWith('lights.schedule.'));
    expect(scheduleRuns.map((r) => [r.action, r.target, r.result])).toEqual([
      ['lights.schedule.on', ids.tokyo, 'success'],
      ['lights.schedule.off', ids.tokyo, 'success'],
      ['lights.schedule.on', ids.night, 'success'],
      ['lights.schedule.off', ids.night, 'failure'],
    ]);
    expect(scheduleRuns.at(-1)?.details).toMatchObject({
      roomId: ids.roomA,
      scheduledAt: '2026-03-03T09:00:00.000Z',
      total: 3,
      confirmed: 2,
      failed: 1,
      timeout: 0,
    });
    // Each command is audited too, as the system.
    expect(runs.filter((r) => r.action === 'command.setLight')).toHaveLength(2 + 3 + 3);
    expect(await commandsOf('b-1')).toEqual([]);
  });

  it('leaves alone the moments before an edit, and acts on the next one', async () => {
    // Edited at 18:30 on Tuesday: Tuesday's 18:00 belongs to the old version.
    await database.db
      .update(lightSchedules)
      .set({ brightness: 40, updatedAt: new Date('2026-03-03T21:30:00Z') })
      .where(eq(lightSchedules.id, ids.night));
    expect(await tickAt('2026-03-03T21:45:00Z')).toBe(0);
    expect(await tickAt('2026-03-04T09:00:00Z')).toBe(1);
    expect((await commandsOf('a-1')).at(-1)?.payload).toEqual({ on: false });
    expect(await tickAt('2026-03-04T21:00:00Z')).toBe(1);
    expect((await commandsOf('a-1')).at(-1)?.payload).toEqual({ on: true, brightness: 40 });
  });
  it('skips a light locked out by a work order in progress: nothing reaches it, the run names the order', async () => {
    const [locking] = await database.db
      .insert(workOrders)
      .values({
        number: 'OS-2026-0042',
        title: 'Reator queimado',
        equipmentId: 'a-3',
        facilityId: ids.cps,
        roomId: ids.roomA,
        kind: 'corrective',
        priority: 'high',
        status: 'in_progress',
        scheduledAt: new Date('2026-03-04T12:00:00Z'),
        startedAt: new Date('2026-03-04T12:00:00Z'),
        durationHours: 4,
      })
      .returning();
    const sentBefore = devices.received.length;
    const a3Before = (await commandsOf('a-3')).length;
    // Thursday 06:00 in São Paulo: the room's off moment.
    expect(await tickAt('2026-03-05T09:00:00Z')).toBe(1);
    expect((await commandsOf('a-1')).at(-1)?.payload).toEqual({ on: false });
    expect((await commandsOf('a-2')).at(-1)?.payload).toEqual({ on: false });
    // Off included: no command row, nothing on the wire.
    expect(await commandsOf('a-3')).toHaveLength(a3Before);
    expect(
      devices.received
        .slice(sentBefore)
        .map((c) => c.equipmentId)
        .sort(),
    ).toEqual(['a-1', 'a-2']);
    const runs = await database.db.select().from(auditLog).where(eq(auditLog.target, ids.night));
    const run = runs.filter((r) => r.action === 'lights.schedule.off').at(-1);
    expect(run?.result).toBe('success');
    expect(run?.details).toMatchObject({
      scheduledAt: '2026-03-05T09:00:00.000Z',
      total: 3,
      confirmed: 2,
      skipped: [{ equipmentId: 'a-3', name: 'a-3', reason: 'lockout', order: 'OS-2026-0042' }],
    });

    // Once the order ends, the next run reaches it again.
    await database.db.update(workOrders).set({ status: 'completed' }).where(eq(workOrders.id, locking!.id));
    expect(await tickAt('2026-03-05T21:00:00Z')).toBe(1);
    expect((await commandsOf('a-3')).at(-1)?.payload).toEqual({ on: true, brightness: 40 });
  });
});
