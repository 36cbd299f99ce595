import {
  equipmentCsvOutput,
  equipmentFilters,
  equipmentListInput,
  equipmentListOutput,
} from '@sentinela/shared/equipment';
import { authenticatedProcedure, router } from '../../trpc/init';
import { readProcedure } from '../../trpc/procedures';
import { exportEquipmentCsv, listEquipment } from './equipment.service';

export const equipmentRouter = router({
  list: readProcedure(equipmentListInput, equipmentListOutput, listEquipment),
  exportCsv: authenticatedProcedure
    .input(equipmentFilters.default({}))
    .output(equipmentCsvOutput)
    .query(({ ctx, input }) => exportEquipmentCsv(ctx.db, input, ctx.lang, ctx.auth.now())),
});
