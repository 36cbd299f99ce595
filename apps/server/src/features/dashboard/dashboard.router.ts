import {
  dashboardEnergyInput,
  dashboardEnergyOutput,
  dashboardMotorsOutput,
  dashboardSummaryOutput,
} from '@sentinela/shared/dashboard';
import { authenticatedProcedure, router } from '../../trpc/init';
import { getDashboardEnergy } from './dashboard-energy.service';
import { getDashboardSummary, listDashboardMotors } from './dashboard.service';

export const dashboardRouter = router({
  // The same for every caller: computed at most once a second and shared (summary-cache.ts, ADR 034).
  summary: authenticatedProcedure.output(dashboardSummaryOutput).query(({ ctx }) =>
    ctx.caches.summary.get(() =>
      getDashboardSummary({
        db: ctx.db,
        databaseKind: ctx.databaseKind,
        startedAt: ctx.startedAt,
        brokerAvailable: ctx.commands !== null,
        now: ctx.auth.now(),
      }),
    ),
  ),
  motors: authenticatedProcedure.output(dashboardMotorsOutput).query(({ ctx }) => listDashboardMotors(ctx.db)),
  energy: authenticatedProcedure
    .input(dashboardEnergyInput)
    .output(dashboardEnergyOutput)
    .query(({ ctx, input }) => getDashboardEnergy(ctx.db, input, ctx.auth.now())),
});
