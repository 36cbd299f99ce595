import { systemHealthSchema } from '@sentinela/shared/system';
import { publicProcedure, router } from '../../trpc/init';
import { getSystemHealth } from './system.service';

export const systemRouter = router({
  health: publicProcedure
    .output(systemHealthSchema)
    // The broker's figures and the demo history's progress only for a signed-in user: probes and the sign-in page call it too.
    .query(async ({ ctx }) => {
      const signedIn = ctx.session?.user.twoFactorEnabled === true;
      const health = await getSystemHealth(
        ctx.db,
        ctx.databaseKind,
        ctx.startedAt,
        new Date(),
        signedIn ? ctx.brokerHealth?.() : undefined,
      );
      const demo = signedIn ? ctx.demoHistory?.() : null;
      return demo ? { ...health, demo: { percent: demo.percent, complete: demo.complete } } : health;
    }),
});
