import { systemHealthSchema } from '@sentinela/shared/system';
import { publicProcedure, router } from '../../trpc/init';
import { getSystemHealth } from './system.service';

export const systemRouter = router({
  health: publicProcedure
    .output(systemHealthSchema)
    // The broker's figures only for a signed-in user: probes and the sign-in page call it too.
    .query(({ ctx }) =>
      getSystemHealth(
        ctx.db,
        ctx.databaseKind,
        ctx.startedAt,
        new Date(),
        ctx.session?.user.twoFactorEnabled ? ctx.brokerHealth?.() : undefined,
      ),
    ),
});
