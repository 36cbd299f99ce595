import {
  equipmentCsvOutput,
  equipmentFilters,
  equipmentListInput,
  equipmentListOutput,
} from '@sentinela/shared/equipment';
import { authenticatedProcedure, router } from '../../trpc/init';
import { exportEquipmentCsv, listEquipment } from './equipment.service';

export const equipmentRouter = router({
  list: authenticatedProcedure
    .input(equipmentListInput)
    .output(equipmentListOutput)
    .query(({ ctx, input }) => listEquipment(ctx.db, input)),
  exportCsv: authenticatedProcedure
    .input(equipmentFilters.default({}))
    .output(equipmentCsvOutput)
    .query(({ ctx, input }) => exportEquipmentCsv(ctx.db, input, ctx.lang, ctx.auth.now())),
});
