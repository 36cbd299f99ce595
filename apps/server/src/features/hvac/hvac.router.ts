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
import { commandResultSchema } from '@sentinela/shared/plant';
import { commandDepsOf } from '../../trpc/command-deps';
import { executeCommand } from '../../platform/commands/commands.service';
import { authenticatedProcedure, operatorProcedure, router } from '../../trpc/init';
import { hvacLocations, hvacRooms, hvacSummary, listHvac } from './hvac.service';

export const hvacRouter = router({
  summary: authenticatedProcedure
    .input(hvacScopeInput)
    .output(hvacSummaryOutput)
    .query(({ ctx, input }) => hvacSummary(ctx.db, input)),
  list: authenticatedProcedure
    .input(hvacListInput)
    .output(hvacListOutput)
    .query(({ ctx, input }) => listHvac(ctx.db, input)),
  rooms: authenticatedProcedure
    .input(hvacRoomsInput)
    .output(hvacRoomsOutput)
    .query(({ ctx, input }) => hvacRooms(ctx.db, input)),
  locations: authenticatedProcedure.output(hvacLocationsOutput).query(({ ctx }) => hvacLocations(ctx.db)),
  /** Set-point in °C, 10–35 (the device refuses anything else too); answers after the unit's ack. */
  setSetpoint: operatorProcedure
    .input(hvacSetpointInput)
    .output(commandResultSchema)
    .mutation(({ ctx, input }) =>
      executeCommand(commandDepsOf(ctx), ctx.user, ctx.caller, input.id, 'hvac', 'setSetpoint', {
        setpoint: input.setpoint,
      }),
    ),
  setPower: operatorProcedure
    .input(hvacPowerInput)
    .output(commandResultSchema)
    .mutation(({ ctx, input }) =>
      executeCommand(commandDepsOf(ctx), ctx.user, ctx.caller, input.id, 'hvac', 'setPower', { on: input.on }),
    ),
});
