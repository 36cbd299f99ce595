import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '@sentinela/db/client';
import { alertRules, alerts, equipment, facilities } from '@sentinela/db/schema/plant';
import { createTestDatabase, testDatabaseKinds } from '@sentinela/db/test/test-database';
import { TestClock } from '../../../test/test-server';
import { LiveBus, type LiveEvent } from '../../telemetry/live-bus';
import { startAlarmEngine, type AlarmEngine } from './alarm-engine';
import { clearAlert } from './alerts.service';

const log = pino({ level: 'silent' });

describe.each(testDatabaseKinds())('alarm engine on %s', (kind) => {
  let handle: DatabaseHandle;
  let engine: AlarmEngine;
  const bus = new LiveBus();
  const clock = new TestClock();
  const events: LiveEvent[] = [];
  let temperatureRule = '';
  let powerFactorRule = '';

  const telemetry = (equipmentId: string, metrics: Record<string, number>): LiveEvent => ({
    type: 'telemetry',
    equipmentId,
    ts: clock.now().getTime(),
    metrics,
  });
  const alertRows = (equipmentId: string) =>
    handle.db.select().from(alerts).where(eq(alerts.equipmentId, equipmentId)).orderBy(alerts.raisedAt);
  const alertEvents = (equipmentId: string) =>
    events.filter((e) => e.type === 'alert' && e.equipmentId === equipmentId);
  const start = () => startAlarmEngine({ db: handle.db, bus, log, now: clock.now, checkEveryMs: 3_600_000 });

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    const [site] = await handle.db
      .insert(facilities)
      .values({ code: 'cps', name: 'Fábrica Campinas', city: 'Campinas' })
      .returning();
    const motor = (
      id: string,
      status: 'online' | 'offline' | 'maintenance' = 'online',
      lastSeenAt: Date | null = clock.now(),
    ) => ({ id, name: `Motor ${id}`, kind: 'motor' as const, status, facilityId: site!.id, lastSeenAt });
    await handle.db.insert(equipment).values([
      motor('m1'),
      motor('m2'),
      motor('m-silent'),
      motor('m-silent-2'),
      motor('m-maint', 'maintenance', new Date('2026-01-01T00:00:00Z')),
      motor('m-never', 'offline', null),
      {
        id: 'e1',
        name: 'Medidor geral',
        kind: 'meter',
        status: 'online',
        facilityId: site!.id,
        lastSeenAt: clock.now(),
      },
    ]);
    const rules = await handle.db
      .insert(alertRules)
      .values([
        {
          name: 'Temperatura do motor',
          nameKey: 'motorTempCritical',
          kind: 'motor',
          metric: 'temperature',
          comparison: 'above',
          threshold: 95,
          clearAt: 90,
          severity: 'critical',
        },
        {
          name: 'Fator de potência',
          kind: 'meter',
          metric: 'power_factor',
          comparison: 'below',
          threshold: 0.92,
          clearAt: 0.94,
          severity: 'warning',
        },
        {
          name: 'Vibração (desativada)',
          kind: 'motor',
          metric: 'vibration',
          comparison: 'above',
          threshold: 1,
          clearAt: 0.5,
          severity: 'info',
          enabled: false,
        },
      ])
      .returning();
    temperatureRule = rules[0]!.id;
    powerFactorRule = rules[1]!.id;
    bus.subscribe((event) => events.push(event));
    engine = await start();
  });
  afterAll(async () => {
    await engine.stop();
    await handle.close();
  });

  it('raises once for a burst above the threshold and not again while open', async () => {
    await Promise.all(
      Array.from({ length: 25 }, (_, n) => engine.evaluate(telemetry('m1', { temperature: 96 + n / 10, rpm: 1780 }))),
    );
    let rows = await alertRows('m1');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      source: 'threshold:temperature',
      ruleId: temperatureRule,
      severity: 'critical',
      status: 'active',
      value: 96,
      message: 'Temperatura do motor acima do limite: 96 (limite 95)',
      // What the client words in the reader's language: a key, the rule's name key and the figures.
      messageKey: 'threshold.above',
      messageParams: {
        rule: 'Temperatura do motor',
        ruleKey: 'motorTempCritical',
        metric: 'temperature',
        value: 96,
        threshold: 95,
      },
      raisedAt: clock.now(),
    });
    expect(alertEvents('m1')).toEqual([
      {
        type: 'alert',
        alertId: rows[0]!.id,
        equipmentId: 'm1',
        severity: 'critical',
        status: 'active',
        message: rows[0]!.message,
        messageKey: 'threshold.above',
        messageParams: rows[0]!.messageParams,
      },
    ]);

    await engine.evaluate(telemetry('m1', { temperature: 99.27 }));
    await engine.evaluate(telemetry('m1', { vibration: 7 })); // a disabled rule
    rows = await alertRows('m1');
    expect(rows).toHaveLength(1);
    expect(alertEvents('m1')).toHaveLength(1);
  });

  it('keeps the alert open inside the hysteresis band and clears it when back to normal', async () => {
    await engine.evaluate(telemetry('m1', { temperature: 92 }));
    await engine.evaluate(telemetry('m1', { temperature: 94.9 }));
    expect((await alertRows('m1')).map((r) => r.status)).toEqual(['active']);

    clock.advance(5_000);
    await engine.evaluate(telemetry('m1', { temperature: 89.5 }));
    const [row] = await alertRows('m1');
    expect(row).toMatchObject({ status: 'cleared', clearedAt: clock.now(), clearedBy: null, clearNote: null });
    expect(alertEvents('m1').at(-1)).toMatchObject({ alertId: row!.id, status: 'cleared', severity: 'critical' });

    // Below the threshold it stays quiet; at the threshold a new alert is raised.
    await engine.evaluate(telemetry('m1', { temperature: 94 }));
    expect(await alertRows('m1')).toHaveLength(1);
    clock.advance(5_000);
    await engine.evaluate(telemetry('m1', { temperature: 95 }));
    const rows = await alertRows('m1');
    expect(rows.map((r) => r.status)).toEqual(['cleared', 'active']);
  });

  it('raises a below-rule and clears it past clear_at (power factor)', async () => {
    await engine.evaluate(telemetry('e1', { power_factor: 0.85, kw: 120 }));
    let rows = await alertRows('e1');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      source: 'threshold:power_factor',
      ruleId: powerFactorRule,
      severity: 'warning',
      status: 'active',
      value: 0.85,
      message: 'Fator de potência abaixo do limite: 0,85 (limite 0,92)',
      // A rule people wrote has no name key: its name goes as typed.
      messageKey: 'threshold.below',
      messageParams: { rule: 'Fator de potência', metric: 'power_factor', value: 0.85, threshold: 0.92 },
    });
    await engine.evaluate(telemetry('e1', { power_factor: 0.925 }));
    expect((await alertRows('e1')).map((r) => r.status)).toEqual(['active']);
    await engine.evaluate(telemetry('e1', { power_factor: 0.94 }));
    rows = await alertRows('e1');
    expect(rows.map((r) => r.status)).toEqual(['cleared']);
    expect(alertEvents('e1').map((e) => e.type === 'alert' && e.status)).toEqual(['active', 'cleared']);
  });

  it("judges no thresholds on telemetry relayed from another instance (that instance's engine judges it)", async () => {
    await engine.evaluate(telemetry('m2', { temperature: 130 }), 'elsewhere');
    bus.receive(telemetry('m2', { temperature: 131 }));
    await new Promise((r) => setTimeout(r, 50));
    expect(await alertRows('m2')).toEqual([]);
    expect(alertEvents('m2')).toEqual([]);
  });

  it('lets two engines on one database raise only one alert (the partial unique index decides)', async () => {
    const second = await start();
    try {
      await Promise.all([
        engine.evaluate(telemetry('m2', { temperature: 120 })),
        second.evaluate(telemetry('m2', { temperature: 121 })),
        engine.evaluate(telemetry('m2', { temperature: 122 })),
        second.evaluate(telemetry('m2', { temperature: 123 })),
      ]);
      const rows = await alertRows('m2');
      expect(rows).toHaveLength(1);
      expect(alertEvents('m2')).toHaveLength(1);
      // Both know the one open alert: whichever sees normal values clears it.
      await second.evaluate(telemetry('m2', { temperature: 60 }));
      expect((await alertRows('m2')).map((r) => r.status)).toEqual(['cleared']);
    } finally {
      await second.stop();
    }
  });

  it('raises again after a hand clear while the value is still high', async () => {
    await engine.evaluate(telemetry('m2', { temperature: 100 }));
    const open = (await alertRows('m2')).find((r) => r.status === 'active')!;
    await clearAlert(
      { db: handle.db, bus, now: clock.now },
      { id: '00000000-0000-4000-8000-000000000001', email: 'op@example.com' },
      { ip: '127.0.0.1', userAgent: 'test' },
      { id: open.id, note: 'sensor trocado' },
    );
    await engine.evaluate(telemetry('m2', { temperature: 100 }));
    const rows = await alertRows('m2');
    expect(rows.filter((r) => r.status === 'active')).toHaveLength(1);
    expect(rows.find((r) => r.id === open.id)).toMatchObject({ status: 'cleared', clearNote: 'sensor trocado' });
  });

  it('clears alerts raised before a restart', async () => {
    await engine.stop();
    engine = await start();
    await engine.evaluate(telemetry('m2', { temperature: 70 }));
    expect((await alertRows('m2')).every((r) => r.status === 'cleared')).toBe(true);
  });

  it('ignores telemetry of unknown equipment', async () => {
    await expect(engine.evaluate(telemetry('ghost', { temperature: 500 }))).resolves.toBeUndefined();
    expect(await handle.db.select().from(alerts).where(eq(alerts.equipmentId, 'ghost'))).toEqual([]);
  });

  it('marks silent equipment offline and raises a silence alert; new data clears it', async () => {
    // Within the first silence period after start nothing is judged silent.
    await engine.checkSilence();
    expect((await handle.db.select().from(equipment).where(eq(equipment.id, 'm-silent')))[0]?.status).toBe('online');

    clock.advance(61_000);
    // These two keep talking: one through the database, one only on the bus (its batch not written yet).
    await handle.db.update(equipment).set({ lastSeenAt: clock.now() }).where(eq(equipment.id, 'm1'));
    await engine.evaluate(telemetry('e1', { kw: 118 }));
    await engine.evaluate(telemetry('m2', { temperature: 70 }));
    await handle.db.update(equipment).set({ lastSeenAt: clock.now() }).where(eq(equipment.id, 'm2'));

    events.length = 0;
    await engine.checkSilence();
    const statuses = Object.fromEntries(
      (await handle.db.select({ id: equipment.id, status: equipment.status }).from(equipment)).map((r) => [
        r.id,
        r.status,
      ]),
    );
    expect(statuses).toEqual({
      m1: 'online',
      m2: 'online',
      e1: 'online',
      'm-silent': 'offline',
      'm-silent-2': 'offline',
      'm-maint': 'maintenance',
      'm-never': 'offline',
    });
    const statusEvents = events.filter((e) => e.type === 'status');
    expect(statusEvents).toHaveLength(2);
    expect(statusEvents).toEqual(
      expect.arrayContaining([
        { type: 'status', equipmentId: 'm-silent', status: 'offline' },
        { type: 'status', equipmentId: 'm-silent-2', status: 'offline' },
      ]),
    );
    const [silence] = await alertRows('m-silent');
    expect(silence).toMatchObject({
      source: 'silence',
      ruleId: null,
      severity: 'warning',
      status: 'active',
      value: null,
      message: 'Equipamento sem comunicação há mais de 60 s',
      messageKey: 'silence',
      messageParams: { seconds: 60 },
    });
    expect(await alertRows('m-maint')).toEqual([]);

    // Another pass raises nothing new.
    clock.advance(10_000);
    await engine.checkSilence();
    expect(await alertRows('m-silent')).toHaveLength(1);

    // Data again: the silence alert clears.
    await engine.evaluate(telemetry('m-silent', { temperature: 40 }));
    expect(await alertRows('m-silent')).toMatchObject([{ id: silence!.id, status: 'cleared', clearedBy: null }]);
    expect(alertEvents('m-silent').map((e) => e.type === 'alert' && e.status)).toEqual(['active', 'cleared']);

    // The ingest's status-online event, through the bus, clears it too.
    bus.publish({ type: 'status', equipmentId: 'm-silent-2', status: 'online' });
    await vi.waitFor(async () => {
      expect((await alertRows('m-silent-2')).map((r) => r.status)).toEqual(['cleared']);
    });
  });

  it('reloads rules on demand', async () => {
    await handle.db
      .update(alertRules)
      .set({ enabled: true })
      .where(and(eq(alertRules.metric, 'vibration'), eq(alertRules.kind, 'motor')));
    await engine.evaluate(telemetry('m1', { vibration: 3 }));
    expect((await alertRows('m1')).filter((r) => r.source !== 'threshold:temperature')).toEqual([]);
    await engine.reloadRules();
    await engine.evaluate(telemetry('m1', { vibration: 3 }));
    expect((await alertRows('m1')).filter((r) => r.source !== 'threshold:temperature')).toMatchObject([
      { severity: 'info', status: 'active' },
    ]);
  });

  it('does not judge a unit switched off on its operating values, and clears what it had open', async () => {
    const [site] = await handle.db.select().from(facilities);
    await handle.db.insert(equipment).values({
      id: 'h1',
      name: 'Self Contained 02',
      kind: 'hvac',
      status: 'maintenance',
      facilityId: site!.id,
      lastSeenAt: clock.now(),
    });
    await handle.db.insert(alertRules).values({
      name: 'Insuflamento',
      kind: 'hvac',
      metric: 'supplyTemp',
      comparison: 'above',
      threshold: 18,
      clearAt: 16,
      severity: 'warning',
    });
    await engine.reloadRules();
    // Off: the outlet reads the room's air, no fault.
    await engine.evaluate(telemetry('h1', { on: 0, supplyTemp: 27.9, returnTemp: 27.5 }));
    expect(await alertRows('h1')).toEqual([]);
    // Running and blowing warm air: a fault.
    await engine.evaluate(telemetry('h1', { on: 1, supplyTemp: 19.2 }));
    expect((await alertRows('h1')).map((r) => r.status)).toEqual(['active']);
    // Switched off again: the condition no longer applies; later values without `on` keep it off.
    await engine.evaluate(telemetry('h1', { on: 0, supplyTemp: 26 }));
    await engine.evaluate(telemetry('h1', { supplyTemp: 27 }));
    expect((await alertRows('h1')).map((r) => r.status)).toEqual(['cleared']);
  });
});
