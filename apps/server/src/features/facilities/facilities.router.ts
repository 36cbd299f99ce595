import { facilitiesListInput, facilitiesListOutput, facilityOptionsOutput } from '@sentinela/shared/facilities';
import { router } from '../../trpc/init';
import { listProcedure, readProcedure } from '../../trpc/procedures';
import { facilityOptions, listFacilities } from './facilities.service';

export const facilitiesRouter = router({
  list: readProcedure(facilitiesListInput, facilitiesListOutput, listFacilities),
  options: listProcedure(facilityOptionsOutput, facilityOptions),
});
