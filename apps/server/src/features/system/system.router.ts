import { systemHealthSchema } from '@sentinela/shared/system';
import { publicProcedure, router } from '../../trpc/init';
import { getSystemHealth } from './system.service';

export const systemRouter = router({
  health: publicProcedure
    .output(systemHealthSchema)
    .query(({ ctx }) => getSystemHealth(ctx.db, ctx.databaseKind, ctx.startedAt)),
});
