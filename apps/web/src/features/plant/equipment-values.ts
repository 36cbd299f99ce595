import type { EquipmentKind, EquipmentStatus } from '@sentinela/shared/plant';

// The kinds and statuses in the order the filters list them. Written out here rather than
// imported from @sentinela/shared/plant, whose module also builds zod schemas: importing its
// values would bring zod into this page's first load (about 24 KB gzip). The records make a
// kind or status added to the shared types a type error until it is listed here too.
const kinds: Record<EquipmentKind, true> = {
  motor: true,
  light: true,
  hvac: true,
  meter: true,
  server: true,
  sensor: true,
  gateway: true,
};
const statuses: Record<EquipmentStatus, true> = { online: true, offline: true, maintenance: true, error: true };

export const equipmentKinds = Object.keys(kinds) as EquipmentKind[];
export const equipmentStatuses = Object.keys(statuses) as EquipmentStatus[];
