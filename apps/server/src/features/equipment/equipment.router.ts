import {
  equipmentCsvOutput,
  equipmentFilters,
  equipmentListInput,
  equipmentListOutput,
} from '@sentinela/shared/equipment';
import {
  equipmentCreateInput,
  equipmentIdInput,
  equipmentRecordSchema,
  equipmentUpdateInput,
  registryDeleteOutput,
} from '@sentinela/shared/registry';
import { heavyProcedure, router } from '../../trpc/init';
import { adminMutation, adminReadProcedure, readProcedure } from '../../trpc/procedures';
import {
  createEquipment,
  deleteEquipment,
  equipmentRecord,
  restoreEquipment,
  retireEquipment,
  updateEquipment,
} from './equipment-registry.service';
import { exportEquipmentCsv, listEquipment } from './equipment.service';

export const equipmentRouter = router({
  list: readProcedure(equipmentListInput, equipmentListOutput, listEquipment),
  exportCsv: heavyProcedure
    .input(equipmentFilters.default({}))
    .output(equipmentCsvOutput)
    .query(({ ctx, input }) => exportEquipmentCsv(ctx.db, input, ctx.lang, ctx.auth.now())),
  // The registry (administrators): one equipment's record, and its lifecycle.
  get: adminReadProcedure(equipmentIdInput, equipmentRecordSchema, (db, input) => equipmentRecord(db, input.id)),
  create: adminMutation(equipmentCreateInput, equipmentRecordSchema, createEquipment),
  update: adminMutation(equipmentUpdateInput, equipmentRecordSchema, updateEquipment),
  retire: adminMutation(equipmentIdInput, equipmentRecordSchema, (caller, input, now) =>
    retireEquipment(caller, input, now),
  ),
  restore: adminMutation(equipmentIdInput, equipmentRecordSchema, restoreEquipment),
  delete: adminMutation(equipmentIdInput, registryDeleteOutput, deleteEquipment),
});
