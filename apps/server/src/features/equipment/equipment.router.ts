import { equipmentListInput } from '@sentinela/shared/plant';
import { authenticatedProcedure, router } from '../../trpc/init';
import { listEquipment } from './equipment.service';

export const equipmentRouter = router({
  list: authenticatedProcedure.input(equipmentListInput).query(({ ctx, input }) => listEquipment(ctx.db, input)),
});
