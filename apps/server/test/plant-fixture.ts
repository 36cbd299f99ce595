import type { Database } from '@sentinela/db/client';
import { alerts, equipment, facilities, rooms, telemetryLatest } from '@sentinela/db/schema/plant';

/**
 * A small plant whose figures are known, for the rooms and facilities tests:
 *
 * Fábrica Alfa (main meter 70 kW)
 *   Sala A1: meter 50 kW (the room's figure), motor 30 kW, light 150 W — alerts: 1 critical, 1 warning
 *            open, 1 cleared
 *   Sala A2: no meter — motor 10 kW, light 200 W, HVAC in maintenance 0.05 kW, an offline light
 *            (100 W, stale: left out), a sensor → 10.25 kW from the devices
 *   Sala A3: empty → no figure
 *   main meter alert: 1 warning (the facility's, no room's)
 * Fábrica Beta (no main meter → sum of rooms 17 kW)
 *   Sala B1: its meter is offline (99 kW, stale) → devices: motor in error 5 kW — alert: 1 warning
 *   Sala B2: meter 12 kW
 */
export const T0 = new Date('2026-03-02T11:59:00Z');
export const T1 = new Date('2026-03-02T11:59:30Z');

export async function seedPlant(db: Database) {
  const [alfa, beta] = await db
    .insert(facilities)
    .values([
      { code: 'alfa', name: 'Fábrica Alfa', city: 'Campinas', state: 'SP', latitude: -22.9, longitude: -47.06 },
      { code: 'beta', name: 'Fábrica Beta', city: 'Joinville', state: 'SC', timezone: 'America/Sao_Paulo' },
    ])
    .returning();
  const [a1, a2, a3, b1, b2] = await db
    .insert(rooms)
    .values([
      { facilityId: alfa!.id, name: 'Sala A1' },
      { facilityId: alfa!.id, name: 'Sala A2', kind: 'office' },
      { facilityId: alfa!.id, name: 'Sala A3' },
      { facilityId: beta!.id, name: 'Sala B1' },
      { facilityId: beta!.id, name: 'Sala B2' },
    ])
    .returning();
  const f = { alfa: alfa!.id, beta: beta!.id };
  const r = { a1: a1!.id, a2: a2!.id, a3: a3!.id, b1: b1!.id, b2: b2!.id };
  await db.insert(equipment).values([
    {
      id: 'emt-a0',
      name: 'Medidor Geral Alfa',
      kind: 'meter',
      status: 'online',
      facilityId: f.alfa,
      location: 'Subestação',
    },
    { id: 'emt-a1', name: 'Medidor A1', kind: 'meter', status: 'online', facilityId: f.alfa, roomId: r.a1 },
    {
      id: 'mtr-a1',
      name: 'Motor A1',
      kind: 'motor',
      status: 'online',
      facilityId: f.alfa,
      roomId: r.a1,
      location: 'Sala A1',
    },
    { id: 'lgt-a1', name: 'Luz A1', kind: 'light', status: 'online', facilityId: f.alfa, roomId: r.a1 },
    { id: 'mtr-a2', name: 'Motor A2', kind: 'motor', status: 'online', facilityId: f.alfa, roomId: r.a2 },
    { id: 'lgt-a2', name: 'Luz A2', kind: 'light', status: 'online', facilityId: f.alfa, roomId: r.a2 },
    { id: 'lgt-a2-off', name: 'Luz A2 apagada', kind: 'light', status: 'offline', facilityId: f.alfa, roomId: r.a2 },
    { id: 'hvac-a2', name: 'Split A2', kind: 'hvac', status: 'maintenance', facilityId: f.alfa, roomId: r.a2 },
    { id: 'sns-a2', name: 'Sensor A2', kind: 'sensor', status: 'online', facilityId: f.alfa, roomId: r.a2 },
    { id: 'emt-b1', name: 'Medidor B1', kind: 'meter', status: 'offline', facilityId: f.beta, roomId: r.b1 },
    { id: 'mtr-b1', name: 'Motor B1', kind: 'motor', status: 'error', facilityId: f.beta, roomId: r.b1 },
    { id: 'emt-b2', name: 'Medidor B2', kind: 'meter', status: 'online', facilityId: f.beta, roomId: r.b2 },
  ]);
  const latest = (equipmentId: string, metric: string, value: number, ts = T0) => ({ equipmentId, metric, value, ts });
  await db
    .insert(telemetryLatest)
    .values([
      latest('emt-a0', 'powerKw', 70, T1),
      latest('emt-a0', 'energyKwh', 123_456),
      latest('emt-a1', 'powerKw', 50, T1),
      latest('emt-a1', 'powerFactor', 0.95),
      latest('mtr-a1', 'powerKw', 30),
      latest('mtr-a1', 'temperature', 61.5),
      latest('lgt-a1', 'powerW', 150),
      latest('mtr-a2', 'powerKw', 10),
      latest('lgt-a2', 'powerW', 200, T1),
      latest('lgt-a2-off', 'powerW', 100),
      latest('hvac-a2', 'powerKw', 0.05),
      latest('sns-a2', 'temperature', 24),
      latest('emt-b1', 'powerKw', 99),
      latest('mtr-b1', 'powerKw', 5),
      latest('emt-b2', 'powerKw', 12),
    ]);
  const alert = (
    equipmentId: string,
    source: string,
    severity: 'critical' | 'warning' | 'info',
    status: 'active' | 'acknowledged' | 'cleared' = 'active',
  ) => ({
    equipmentId,
    source,
    severity,
    status,
    message: `${source} ${equipmentId}`,
  });
  await db
    .insert(alerts)
    .values([
      alert('mtr-a1', 'event:hot', 'critical'),
      alert('mtr-a1', 'event:vib', 'warning', 'acknowledged'),
      alert('mtr-a1', 'event:old', 'info', 'cleared'),
      alert('emt-a0', 'event:pf', 'warning'),
      alert('mtr-b1', 'event:trip', 'warning'),
    ]);
  return { f, r };
}
