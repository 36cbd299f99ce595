import { and, eq, ne } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@sentinela/db/client';
import { alertRules, alerts, equipment, facilities } from '@sentinela/db/schema/plant';
import { createTestDatabase, testDatabaseKinds } from '@sentinela/db/test/test-database';
import { TestClock } from '../../../test/test-server';
import { LiveBus, type LiveEvent } from '../../telemetry/live-bus';
import { startAlarmEngine, type AlarmEngine } from './alarm-engine';
import { acknowledgeAlert, getAlert } from './alerts.service';

const log = pino({ level: 'silent' });
const actor = { id: '00000000-0000-4000-8000-000000000002', email: 'op@example.com' };
const origin = { ip: '127.0.0.1', userAgent: 'test' };

/** PRODUCT.md §3: one open alert per metric and equipment; the bands of a metric escalate or de-escalate it. */
describe.each(testDatabaseKinds())('alarm escalation on %s', (kind) => {
  let handle: DatabaseHandle;
  let engine: AlarmEngine;
  const bus = new LiveBus();
  const clock = new TestClock();
  const events: LiveEvent[] = [];
  let zoneC = '';
  let zoneD = '';

  const start = () => startAlarmEngine({ db: handle.db, bus, log, now: clock.now, checkEveryMs: 3_600_000 });
  const reading = async (equipmentId: string, vibration: number) => {
    clock.advance(1_000);
    await engine.evaluate({ type: 'telemetry', equipmentId, ts: clock.now().getTime(), metrics: { vibration } });
  };
  const openAlerts = (equipmentId: string) =>
    handle.db
      .select()
      .from(alerts)
      .where(and(eq(alerts.equipmentId, equipmentId), ne(alerts.status, 'cleared')));
  const allAlerts = (equipmentId: string) => handle.db.select().from(alerts).where(eq(alerts.equipmentId, equipmentId));
  const alertEvents = (equipmentId: string) =>
    events.flatMap((e) => (e.type === 'alert' && e.equipmentId === equipmentId ? [`${e.status} ${e.severity}`] : []));
  const history = async (id: string) =>
    (await getAlert(handle.db, id)).changes.map((c) => `${c.fromSeverity} → ${c.toSeverity} at ${c.value}`);

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    const [site] = await handle.db
      .insert(facilities)
      .values({ code: 'cps', name: 'Fábrica Campinas', city: 'Campinas' })
      .returning();
    await handle.db.insert(equipment).values(
      ['m1', 'm2', 'm3', 'm4'].map((id) => ({
        id,
        name: `Motor ${id}`,
        kind: 'motor' as const,
        status: 'online' as const,
        facilityId: site!.id,
        lastSeenAt: clock.now(),
      })),
    );
    // ISO 10816 class II, as the demo site's rules: zone D listed first, so order decides nothing.
    const rules = await handle.db
      .insert(alertRules)
      .values([
        {
          name: 'Vibração: zona D',
          kind: 'motor',
          metric: 'vibration',
          comparison: 'above',
          threshold: 7.1,
          clearAt: 6.5,
          severity: 'critical',
        },
        {
          name: 'Vibração: zona C',
          kind: 'motor',
          metric: 'vibration',
          comparison: 'above',
          threshold: 4.5,
          clearAt: 4,
          severity: 'warning',
        },
      ])
      .returning();
    zoneD = rules[0]!.id;
    zoneC = rules[1]!.id;
    bus.subscribe((event) => events.push(event));
    engine = await start();
  });
  afterAll(async () => {
    await engine.stop();
    await handle.close();
  });

  it('walks zone C → D → C → normal with one alert that escalates, de-escalates and clears', async () => {
    await reading('m1', 5.2);
    const [raised] = await openAlerts('m1');
    expect(await openAlerts('m1')).toHaveLength(1);
    expect(raised).toMatchObject({ source: 'threshold:vibration', ruleId: zoneC, severity: 'warning', value: 5.2 });

    await reading('m1', 7.6);
    expect(await openAlerts('m1')).toMatchObject([
      { id: raised!.id, ruleId: zoneD, severity: 'critical', status: 'active', value: 7.6 },
    ]);
    expect((await openAlerts('m1'))[0]!.message).toContain('zona D');
    expect(await history(raised!.id)).toEqual(['warning → critical at 7.6']);

    // Within zone D's hysteresis: stays critical.
    await reading('m1', 6.8);
    expect(await openAlerts('m1')).toMatchObject([{ id: raised!.id, severity: 'critical' }]);

    await reading('m1', 5.5);
    expect(await openAlerts('m1')).toMatchObject([{ id: raised!.id, ruleId: zoneC, severity: 'warning', value: 5.5 }]);
    expect(await history(raised!.id)).toEqual(['warning → critical at 7.6', 'critical → warning at 5.5']);

    await reading('m1', 3.2);
    expect(await openAlerts('m1')).toEqual([]);
    expect(await allAlerts('m1')).toMatchObject([{ id: raised!.id, status: 'cleared', clearedBy: null }]);
    expect(alertEvents('m1')).toEqual(['active warning', 'active critical', 'active warning', 'cleared warning']);
  });

  it('raises only the worse band when one reading crosses both, also for a burst of readings', async () => {
    // Each is past both thresholds (zones C and D): before, each band raised its own alert.
    await Promise.all([reading('m2', 9.3), reading('m2', 8.1), reading('m2', 12), reading('m2', 7.4)]);
    const rows = await allAlerts('m2');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ruleId: zoneD, severity: 'critical', status: 'active' });
    expect(alertEvents('m2')).toEqual(['active critical']);
    expect(await history(rows[0]!.id)).toEqual([]);
  });

  it('makes an acknowledged alert active again when it escalates, and keeps the acknowledgement on de-escalation', async () => {
    await reading('m3', 5);
    const [open] = await openAlerts('m3');
    await acknowledgeAlert({ db: handle.db, bus, now: clock.now }, actor, origin, { id: open!.id, note: 'ciente' });

    await reading('m3', 7.5);
    const escalated = await getAlert(handle.db, open!.id);
    expect(escalated).toMatchObject({ severity: 'critical', status: 'active', acknowledgedAt: null });
    expect(escalated.changes).toMatchObject([
      { fromSeverity: 'warning', toSeverity: 'critical', acknowledgementReset: true },
    ]);

    await acknowledgeAlert({ db: handle.db, bus, now: clock.now }, actor, origin, {
      id: open!.id,
      note: 'equipe a caminho',
    });
    await reading('m3', 5);
    const milder = await getAlert(handle.db, open!.id);
    expect(milder).toMatchObject({ severity: 'warning', status: 'acknowledged', acknowledgeNote: 'equipe a caminho' });
    expect(milder.changes.at(-1)).toMatchObject({ toSeverity: 'warning', acknowledgementReset: false });
  });

  it('keeps one alert across a restart: the reloaded alert escalates and clears', async () => {
    await reading('m4', 5.5);
    const [open] = await openAlerts('m4');

    await engine.stop();
    engine = await start();
    await reading('m4', 7.9);
    expect(await allAlerts('m4')).toMatchObject([{ id: open!.id, severity: 'critical', status: 'active' }]);

    await engine.stop();
    engine = await start();
    await reading('m4', 3);
    expect(await allAlerts('m4')).toMatchObject([{ id: open!.id, status: 'cleared' }]);
    expect(await history(open!.id)).toEqual(['warning → critical at 7.9']);
  });
});
