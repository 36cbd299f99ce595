import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@sentinela/db/client';
import { alerts, equipment, facilities } from '@sentinela/db/schema/plant';
import { createTestDatabase, testDatabaseKinds } from '@sentinela/db/test/test-database';
import { brokerDroppedAlertMessage } from '@sentinela/shared/alert-messages';
import { listAlertsInput } from '@sentinela/shared/alerts';
import type { LiveEvent } from '@sentinela/shared/live-events';
import { lastSiteAlertValue, raiseSiteAlert } from '../../platform/site-alerts';
import { LiveBus } from '../../telemetry/live-bus';
import { getDashboardSummary } from '../dashboard/dashboard.service';
import { clearAlert, listAlerts } from './alerts.service';
import { loadOpenEngineAlerts } from './alarm-store';

describe.each(testDatabaseKinds())('site alerts (no equipment) on %s', (kind) => {
  let handle: DatabaseHandle;
  const bus = new LiveBus();
  const events: LiveEvent[] = [];
  bus.subscribe((event) => events.push(event));
  const at = new Date('2026-03-02T12:00:00Z');
  const input = { source: 'broker:dropped', severity: 'critical' as const, at };

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    const [facility] = await handle.db
      .insert(facilities)
      .values({ code: 'cps', name: 'Campinas', city: 'Campinas' })
      .returning();
    await handle.db.insert(equipment).values({ id: 'm1', name: 'Motor 1', kind: 'motor', facilityId: facility!.id });
    await handle.db.insert(alerts).values({ source: 'silence', equipmentId: 'm1', severity: 'warning', message: 'x' });
  });
  afterAll(() => handle.close());

  it('keeps one open per source, brought up to date, and a new one after it is cleared', async () => {
    const first = await raiseSiteAlert(handle.db, bus, {
      ...input,
      message: 'Broker MQTT descartou mensagens: 5',
      text: brokerDroppedAlertMessage(5),
      value: 5,
    });
    const again = await raiseSiteAlert(handle.db, bus, {
      ...input,
      message: 'Broker MQTT descartou mensagens: 9',
      text: brokerDroppedAlertMessage(9),
      value: 9,
    });
    expect(first.raised).toBe(true);
    expect(again).toEqual({ id: first.id, raised: false });
    const [row] = await handle.db.select().from(alerts).where(eq(alerts.id, first.id));
    expect(row).toMatchObject({
      equipmentId: null,
      value: 9,
      message: 'Broker MQTT descartou mensagens: 9',
      messageKey: 'brokerDropped',
      messageParams: { count: 9 },
      status: 'active',
    });
    expect(events.at(-1)).toMatchObject({ type: 'alert', alertId: first.id, equipmentId: null, status: 'active' });
    expect(await lastSiteAlertValue(handle.db, 'broker:dropped')).toBe(9);

    // Listed with no equipment; the dashboard's newest open alerts too; the alarm engine leaves it alone.
    const list = await listAlerts(handle.db, listAlertsInput.parse({ status: 'open' }));
    expect(list.total).toBe(2);
    expect(list.items.find((a) => a.id === first.id)).toMatchObject({
      equipmentId: null,
      equipmentName: null,
      facilityName: null,
      source: 'broker:dropped',
    });
    const summary = await getDashboardSummary({
      db: handle.db,
      databaseKind: kind,
      startedAt: at,
      brokerAvailable: true,
      now: at,
    });
    expect(summary.recentAlerts.find((a) => a.id === first.id)).toMatchObject({
      equipmentName: null,
      messageKey: 'brokerDropped',
      messageParams: { count: 9 },
    });
    expect((await loadOpenEngineAlerts(handle.db)).map((a) => a.source)).toEqual(['silence']);

    await clearAlert(
      { db: handle.db, bus, now: () => at },
      { id: randomUUID(), email: 'a@example.com' },
      { ip: '127.0.0.1', userAgent: undefined },
      {
        id: first.id,
        note: 'visto',
      },
    );
    const third = await raiseSiteAlert(handle.db, bus, {
      ...input,
      message: 'Broker MQTT descartou mensagens: 12',
      text: brokerDroppedAlertMessage(12),
      value: 12,
    });
    expect(third.raised).toBe(true);
    expect(third.id).not.toBe(first.id);
  });
});
