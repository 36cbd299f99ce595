import { facilitiesListInput, facilitiesListOutput, facilityOptionsOutput } from '@sentinela/shared/facilities';
import { authenticatedProcedure, router } from '../../trpc/init';
import { facilityOptions, listFacilities } from './facilities.service';

export const facilitiesRouter = router({
  list: authenticatedProcedure
    .input(facilitiesListInput)
    .output(facilitiesListOutput)
    .query(({ ctx, input }) => listFacilities(ctx.db, input)),
  options: authenticatedProcedure.output(facilityOptionsOutput).query(({ ctx }) => facilityOptions(ctx.db)),
});
