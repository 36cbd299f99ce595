import { hasRole } from '@sentinela/shared/auth-rules';
import { systemDetailsSchema, systemHealthSchema } from '@sentinela/shared/system';
import { authenticatedProcedure, publicProcedure, router } from '../../trpc/init';
import { getSystemDetails } from './system-details.service';
import { getSystemHealth } from './system.service';

export const systemRouter = router({
  health: publicProcedure
    .output(systemHealthSchema)
    // The uptime, the broker's figures and the demo history's progress only for a signed-in user,
    // the version and database kind only for an administrator: the sign-in page and scripts call it too.
    .query(async ({ ctx }) => {
      const signedIn = ctx.session?.user.twoFactorEnabled === true;
      const admin = signedIn && hasRole(ctx.session?.user, 'admin');
      const { version, database, uptimeSeconds, ...health } = await getSystemHealth(
        ctx.db,
        ctx.databaseKind,
        ctx.startedAt,
        new Date(),
        signedIn ? ctx.brokerHealth?.() : undefined,
      );
      const shown = admin
        ? { ...health, uptimeSeconds, version, database }
        : signedIn
          ? { ...health, uptimeSeconds }
          : health;
      const demo = signedIn ? ctx.demoHistory?.() : null;
      return demo ? { ...shown, demo: { percent: demo.percent, complete: demo.complete } } : shown;
    }),

  /** The System Health page: any signed-in role; the version, database kind and addresses for administrators. */
  details: authenticatedProcedure
    .output(systemDetailsSchema)
    .query(({ ctx }) =>
      getSystemDetails(
        ctx.db,
        ctx.monitor,
        ctx.auth.now(),
        hasRole(ctx.user, 'admin') ? { addresses: ctx.addresses } : null,
      ),
    ),
});
