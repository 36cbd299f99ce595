import { dataCentersOverviewInput, dataCentersOverviewOutput } from '@sentinela/shared/datacenters';
import { authenticatedProcedure, router } from '../../trpc/init';
import { dataCentersOverview } from './datacenters.service';

export const datacentersRouter = router({
  overview: authenticatedProcedure
    .input(dataCentersOverviewInput)
    .output(dataCentersOverviewOutput)
    .query(({ ctx, input }) => dataCentersOverview(ctx.db, ctx.auth.now(), input)),
});
