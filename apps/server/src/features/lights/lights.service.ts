import { and, eq, type SQL } from 'drizzle-orm';
import { equipment } from '@sentinela/db/schema/plant';
import type { lightsBulkActions } from '@sentinela/shared/plant';
import type { RequestOrigin } from '../../audit/audit.service';
import { executeCommand, executeMany, type Actor, type CommandDeps } from '../../commands/commands.service';

/** What each quick action asks of a light (spec: eco = 50 %, max = boost at 100 %). */
export const bulkParams: Record<(typeof lightsBulkActions)[number], Record<string, unknown>> = {
  allOn: { on: true },
  allOff: { on: false },
  eco: { on: true, mode: 'eco', brightness: 50 },
  max: { on: true, mode: 'boost', brightness: 100 },
};

/** A quick action on every light of the chosen facility/room (all lights when neither). */
export async function bulkLights(
  deps: CommandDeps,
  actor: Actor,
  origin: RequestOrigin,
  input: { action: (typeof lightsBulkActions)[number]; facilityId?: string | undefined; roomId?: string | undefined },
) {
  const filters: SQL[] = [eq(equipment.kind, 'light')];
  if (input.facilityId) filters.push(eq(equipment.facilityId, input.facilityId));
  if (input.roomId) filters.push(eq(equipment.roomId, input.roomId));
  const lights = await deps.db.select({ id: equipment.id }).from(equipment).where(and(...filters));
  const params = bulkParams[input.action];
  return executeMany(lights, 25, (light) => executeCommand(deps, actor, origin, light.id, 'light', 'setLight', params));
}
