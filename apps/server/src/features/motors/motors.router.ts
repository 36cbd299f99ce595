import {
  motorCommandsInput,
  motorCommandsOutput,
  motorListInput,
  motorListOutput,
  motorLocationsOutput,
  motorScopeInput,
  motorSummaryOutput,
} from '@sentinela/shared/motors';
import { commandResultSchema, setPowerInput } from '@sentinela/shared/plant';
import { commandDepsOf } from '../../trpc/command-deps';
import { executeCommand } from '../../platform/commands/commands.service';
import { authenticatedProcedure, operatorProcedure, router } from '../../trpc/init';
import { listMotors, motorCommands, motorLocations, motorSummary } from './motors.service';

export const motorsRouter = router({
  summary: authenticatedProcedure
    .input(motorScopeInput)
    .output(motorSummaryOutput)
    .query(({ ctx, input }) => motorSummary(ctx.db, input)),
  list: authenticatedProcedure
    .input(motorListInput)
    .output(motorListOutput)
    .query(({ ctx, input }) => listMotors(ctx.db, input)),
  commands: authenticatedProcedure
    .input(motorCommandsInput)
    .output(motorCommandsOutput)
    .query(({ ctx, input }) => motorCommands(ctx.db, input)),
  locations: authenticatedProcedure.output(motorLocationsOutput).query(({ ctx }) => motorLocations(ctx.db)),
  setPower: operatorProcedure
    .input(setPowerInput)
    .output(commandResultSchema)
    .mutation(({ ctx, input }) =>
      executeCommand(commandDepsOf(ctx), ctx.user, ctx.caller, input.id, 'motor', 'setPower', { on: input.on }),
    ),
});
