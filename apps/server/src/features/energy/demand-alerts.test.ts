import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@sentinela/db/client';
import { alertChanges, alerts, equipment, facilities, rooms, telemetry1m } from '@sentinela/db/schema/plant';
import { settings } from '@sentinela/db/schema/settings';
import { createTestDatabase, testDatabaseKinds } from '@sentinela/db/test/test-database';
import type { LiveEvent } from '@sentinela/shared/live-events';
import { checkDemandAlerts, demandAlertSource } from './demand-alerts';

const at = (iso: string) => new Date(iso);

/** Minute rollups of powerKw from `start`, `count` minutes at `kw`. */
function minutes(equipmentId: string, start: string, count: number, kw: number) {
  return Array.from({ length: count }, (_, i) => ({
    equipmentId,
    metric: 'powerKw',
    bucket: new Date(at(start).getTime() + i * 60_000),
    count: 4,
    sum: 4 * kw,
    min: kw,
    max: kw,
  }));
}

// São Paulo (UTC−3). Campinas has its own contracted demand, 500 kW (near from 475 kW, overrun
// past 525 kW); Joinville the tariff's default, 1,000 kW. Tuesday 24 November 2026, fora ponta.
describe.each(testDatabaseKinds())('demand alerts on %s', (kind) => {
  let handle: DatabaseHandle;
  const events: LiveEvent[] = [];
  const bus = { publish: (event: LiveEvent) => events.push(event) };
  let cps: string;
  let jvl: string;
  const openAlert = async (facilityId: string) =>
    handle.db
      .select()
      .from(alerts)
      .where(and(eq(alerts.source, demandAlertSource(facilityId)), isNull(alerts.equipmentId)));

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    const db = handle.db;
    const [a, b] = await db
      .insert(facilities)
      .values([
        { code: 'cps', name: 'Fábrica Campinas', city: 'Campinas', timezone: 'America/Sao_Paulo' },
        { code: 'jvl', name: 'Fábrica Joinville', city: 'Joinville', timezone: 'America/Sao_Paulo' },
      ])
      .returning();
    cps = a!.id;
    jvl = b!.id;
    const [room] = await db.insert(rooms).values({ facilityId: cps, name: 'Sala Elétrica' }).returning();
    await db.insert(equipment).values([
      { id: 'm-main', name: 'Medidor Geral', kind: 'meter', facilityId: cps },
      { id: 'm-room', name: 'Medidor Sala', kind: 'meter', facilityId: cps, roomId: room!.id },
      { id: 'm-jvl', name: 'Medidor Joinville', kind: 'meter', facilityId: jvl },
    ]);
    await db.insert(settings).values({
      key: 'energyTariff',
      value: {
        peakRate: 2,
        offPeakRate: 0.5,
        peakStart: '18:00',
        peakEnd: '21:00',
        contractedDemandKw: 1000,
        contractedByFacility: { [cps]: { demandKw: 500, peakDemandKw: 500 } },
      },
    });
    await db.insert(telemetry1m).values([
      // 14:00–14:14Z: 480 kW (96 %: near). The room meter (inside the main one) is not added.
      ...minutes('m-main', '2026-11-24T14:00:00Z', 15, 480),
      ...minutes('m-room', '2026-11-24T14:00:00Z', 15, 300),
      // Joinville: 900 kW of 1,000 (90 %: fine).
      ...minutes('m-jvl', '2026-11-24T14:00:00Z', 15, 900),
    ]);
  });
  afterAll(() => handle.close());

  it('raises a warning once the 15-minute demand reaches 95 % of the contracted value, once a month', async () => {
    const checks = await checkDemandAlerts(handle.db, bus, at('2026-11-24T14:20:00Z'));
    expect(checks.find((c) => c.facilityId === cps)).toMatchObject({
      status: 'near',
      peakKw: 480,
      contractedKw: 500,
      post: 'foraPonta',
      action: 'raised',
    });
    expect(checks.find((c) => c.facilityId === jvl)).toMatchObject({ status: 'ok', action: 'none' });
    const [alert] = await openAlert(cps);
    expect(alert).toMatchObject({
      severity: 'warning',
      status: 'active',
      value: 480,
      messageKey: 'demand.near',
      messageParams: {
        facility: 'Fábrica Campinas',
        peak: 480,
        contracted: 500,
        post: 'foraPonta',
        month: '2026-11-01',
      },
      message: 'Demanda perto da contratada em Fábrica Campinas: 480 kW em 15 min, contratada 500 kW',
    });
    expect(events.at(-1)).toMatchObject({ type: 'alert', alertId: alert!.id, severity: 'warning' });
    expect(await openAlert(jvl)).toEqual([]);

    // The next minutes see the same interval: nothing new.
    const again = await checkDemandAlerts(handle.db, bus, at('2026-11-24T14:21:00Z'));
    expect(again.find((c) => c.facilityId === cps)?.action).toBe('none');
    expect(await openAlert(cps)).toHaveLength(1);
  });

  it('escalates the open (acknowledged) alert to critical on an overrun, and never repeats a level told this month', async () => {
    const [near] = await openAlert(cps);
    await handle.db
      .update(alerts)
      .set({ status: 'acknowledged', acknowledgedAt: at('2026-11-24T14:22:00Z') })
      .where(eq(alerts.id, near!.id));
    // An incomplete interval (14:30, still running at 14:40) is not judged yet.
    await handle.db.insert(telemetry1m).values(minutes('m-main', '2026-11-24T14:30:00Z', 10, 600));
    expect(
      (await checkDemandAlerts(handle.db, bus, at('2026-11-24T14:40:00Z'))).find((c) => c.facilityId === cps)?.action,
    ).toBe('none');
    await handle.db.insert(telemetry1m).values(minutes('m-main', '2026-11-24T14:40:00Z', 5, 540));
    // 14:30–14:44Z: (10 × 600 + 5 × 540) / 15 = 580 kW > 525 kW.
    const checks = await checkDemandAlerts(handle.db, bus, at('2026-11-24T14:46:00Z'));
    expect(checks.find((c) => c.facilityId === cps)).toMatchObject({
      status: 'over',
      peakKw: 580,
      action: 'escalated',
    });
    const rows = await openAlert(cps);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: near!.id,
      severity: 'critical',
      status: 'active',
      acknowledgedAt: null,
      messageKey: 'demand.over',
      value: 580,
    });
    expect(await handle.db.select().from(alertChanges).where(eq(alertChanges.alertId, near!.id))).toMatchObject([
      { fromSeverity: 'warning', toSeverity: 'critical', value: 580, acknowledgementReset: true },
    ]);

    // Cleared by people: the month's overrun was told, so no new alert while it lasts.
    await handle.db
      .update(alerts)
      .set({ status: 'cleared', clearedAt: at('2026-11-24T14:50:00Z') })
      .where(eq(alerts.id, near!.id));
    const later = await checkDemandAlerts(handle.db, bus, at('2026-11-24T14:55:00Z'));
    expect(later.find((c) => c.facilityId === cps)).toMatchObject({ status: 'over', action: 'none' });
    expect(await openAlert(cps)).toHaveLength(1);
  });

  it('checks azul ponta intervals against the contracted ponta demand', async () => {
    await handle.db
      .update(settings)
      .set({
        value: {
          modality: 'azul',
          peakRate: 2,
          offPeakRate: 0.5,
          peakStart: '18:00',
          peakEnd: '21:00',
          demandRate: 40,
          peakDemandRate: 90,
          contractedDemandKw: 1000,
          contractedPeakDemandKw: 800,
        },
      })
      .where(eq(settings.key, 'energyTariff'));
    // Joinville, Tuesday 18:00 local (21:00Z, ponta): 790 kW of 800 contracted at ponta.
    await handle.db.insert(telemetry1m).values(minutes('m-jvl', '2026-11-24T21:00:00Z', 15, 790));
    const checks = await checkDemandAlerts(handle.db, bus, at('2026-11-24T21:16:00Z'));
    expect(checks.find((c) => c.facilityId === jvl)).toMatchObject({
      status: 'near',
      contractedKw: 800,
      post: 'ponta',
      action: 'raised',
    });
    expect((await openAlert(jvl))[0]?.message).toMatch(/contratada 800 kW na ponta$/);
  });
});
