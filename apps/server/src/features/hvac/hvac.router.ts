import {
  hvacListInput,
  hvacListOutput,
  hvacLocationsOutput,
  hvacPowerInput,
  hvacRoomsInput,
  hvacRoomsOutput,
  hvacScopeInput,
  hvacSetpointInput,
  hvacSummaryOutput,
} from '@sentinela/shared/hvac';
import { deviceCommandProcedure, listProcedure, readProcedure } from '../../trpc/procedures';
import { router } from '../../trpc/init';
import { hvacLocations, hvacRooms, hvacSummary, listHvac } from './hvac.service';

export const hvacRouter = router({
  summary: readProcedure(hvacScopeInput, hvacSummaryOutput, hvacSummary),
  list: readProcedure(hvacListInput, hvacListOutput, listHvac),
  rooms: readProcedure(hvacRoomsInput, hvacRoomsOutput, hvacRooms),
  locations: listProcedure(hvacLocationsOutput, hvacLocations),
  /** Set-point in °C, 10–35 (the device refuses anything else too); answers after the unit's ack. */
  setSetpoint: deviceCommandProcedure('hvac', 'setSetpoint', hvacSetpointInput, ({ setpoint }) => ({ setpoint })),
  setPower: deviceCommandProcedure('hvac', 'setPower', hvacPowerInput, ({ on }) => ({ on })),
});
