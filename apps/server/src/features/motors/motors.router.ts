import {
  motorCommandsInput,
  motorCommandsOutput,
  motorListInput,
  motorListOutput,
  motorLocationsOutput,
  motorScopeInput,
  motorSummaryOutput,
} from '@sentinela/shared/motors';
import { setPowerInput } from '@sentinela/shared/plant';
import { deviceCommandProcedure, listProcedure, readProcedure } from '../../trpc/procedures';
import { router } from '../../trpc/init';
import { listMotors, motorCommands, motorLocations, motorSummary } from './motors.service';

export const motorsRouter = router({
  summary: readProcedure(motorScopeInput, motorSummaryOutput, motorSummary),
  list: readProcedure(motorListInput, motorListOutput, listMotors),
  commands: readProcedure(motorCommandsInput, motorCommandsOutput, motorCommands),
  locations: listProcedure(motorLocationsOutput, motorLocations),
  setPower: deviceCommandProcedure('motor', 'setPower', setPowerInput, ({ on }) => ({ on })),
});
