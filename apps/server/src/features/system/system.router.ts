import { publicProcedure, router } from '../../trpc/init';
import { getSystemHealth } from './system.service';

export const systemRouter = router({
  health: publicProcedure.query(({ ctx }) => getSystemHealth(ctx.db, ctx.databaseKind, ctx.startedAt)),
});
