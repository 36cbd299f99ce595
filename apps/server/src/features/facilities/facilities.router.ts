import { facilitiesListInput, facilitiesListOutput, facilityOptionsOutput } from '@sentinela/shared/facilities';
import {
  facilityCreateInput,
  facilityIdInput,
  facilityRecordSchema,
  facilityUpdateInput,
  registryDeleteOutput,
} from '@sentinela/shared/registry';
import { router } from '../../trpc/init';
import { adminMutation, adminReadProcedure, listProcedure, readProcedure } from '../../trpc/procedures';
import { createFacility, deleteFacility, facilityRecord, updateFacility } from './facility-registry.service';
import { facilityOptions, listFacilities } from './facilities.service';

export const facilitiesRouter = router({
  list: readProcedure(facilitiesListInput, facilitiesListOutput, listFacilities),
  options: listProcedure(facilityOptionsOutput, facilityOptions),
  // The registry (administrators): one facility's record, and its changes.
  get: adminReadProcedure(facilityIdInput, facilityRecordSchema, (db, input) => facilityRecord(db, input.id)),
  create: adminMutation(facilityCreateInput, facilityRecordSchema, createFacility),
  update: adminMutation(facilityUpdateInput, facilityRecordSchema, updateFacility),
  delete: adminMutation(facilityIdInput, registryDeleteOutput, deleteFacility),
});
