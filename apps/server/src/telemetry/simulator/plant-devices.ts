import { asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { equipment, facilities, telemetryLatest } from '@sentinela/db/schema/plant';
import type { EquipmentKind, EquipmentStatus } from '@sentinela/shared/plant';

export type { EquipmentKind, EquipmentStatus };

/** A device the virtual plant plays. */
export interface PlantDevice {
  id: string;
  /** The facility code: sentinela/<site>/<id>/... */
  site: string;
  kind: EquipmentKind;
  rated: Record<string, number>;
  state: Record<string, unknown>;
  /** 'maintenance': locked out, refuses to start; 'error': tripped, refuses to start until reset. */
  status?: EquipmentStatus;
  /** Its room: a room's meter adds up the devices of the room. A meter with null is the facility's main meter. */
  roomId?: string | null;
  /** The metrics it declares (null: its kind's defaults); an outdoor station declares windSpeed. */
  metrics?: string[] | null;
  /** Last known values (telemetry_latest), so meter registers and temperatures carry on. */
  last?: Record<string, number>;
}

/** Every equipment row with its facility code and latest values, in id order. */
export async function loadPlantDevices(db: Database): Promise<PlantDevice[]> {
  const rows = await db
    .select({
      id: equipment.id,
      site: facilities.code,
      kind: equipment.kind,
      status: equipment.status,
      rated: equipment.rated,
      state: equipment.state,
      roomId: equipment.roomId,
      metrics: equipment.metrics,
    })
    .from(equipment)
    .innerJoin(facilities, eq(facilities.id, equipment.facilityId))
    .where(isNull(equipment.retiredAt))
    .orderBy(asc(equipment.id));
  const last = new Map<string, Record<string, number>>();
  for (const row of await db.select().from(telemetryLatest)) {
    const values = last.get(row.equipmentId) ?? {};
    values[row.metric] = row.value;
    last.set(row.equipmentId, values);
  }
  return rows.map((row) => ({ ...row, last: last.get(row.id) ?? {} }));
}
