import {
  lightRoomsOutput,
  lightScheduleCreateInput,
  lightScheduleDeleteInput,
  lightScheduleDeleteOutput,
  lightScheduleSchema,
  lightSchedulesListInput,
  lightSchedulesListOutput,
  lightScheduleUpdateInput,
  lightsListInput,
  lightsListOutput,
  lightsSavingsOutput,
  lightsScopeInput,
  lightsSummaryOutput,
} from '@sentinela/shared/lights';
import { bulkCommandResultSchema, commandResultSchema, lightSetInput, lightsBulkInput } from '@sentinela/shared/plant';
import { commandDepsOf } from '../../trpc/command-deps';
import { executeCommand } from '../../platform/commands/commands.service';
import { authenticatedProcedure, operatorProcedure, router } from '../../trpc/init';
import { createSchedule, deleteSchedule, listSchedules, updateSchedule } from './light-schedules.service';
import { lightsSavings } from './lights-savings.service';
import { bulkLights, lightFacilities, lightsSummary, listLights } from './lights.service';

const schedulesRouter = router({
  list: authenticatedProcedure
    .input(lightSchedulesListInput)
    .output(lightSchedulesListOutput)
    .query(({ ctx, input }) => listSchedules(ctx.db, input)),
  create: operatorProcedure
    .input(lightScheduleCreateInput)
    .output(lightScheduleSchema)
    .mutation(({ ctx, input }) => createSchedule({ db: ctx.db, now: ctx.auth.now }, ctx.user, ctx.caller, input)),
  update: operatorProcedure
    .input(lightScheduleUpdateInput)
    .output(lightScheduleSchema)
    .mutation(({ ctx, input }) => updateSchedule({ db: ctx.db, now: ctx.auth.now }, ctx.user, ctx.caller, input)),
  delete: operatorProcedure
    .input(lightScheduleDeleteInput)
    .output(lightScheduleDeleteOutput)
    .mutation(({ ctx, input }) => deleteSchedule({ db: ctx.db, now: ctx.auth.now }, ctx.user, ctx.caller, input)),
});

export const lightsRouter = router({
  set: operatorProcedure
    .input(lightSetInput)
    .output(commandResultSchema)
    .mutation(({ ctx, input }) => {
      const { id, ...change } = input;
      // A mode brings its brightness unless one is given (eco 50 %, boost 100 %).
      const brightness = change.brightness ?? (change.mode === 'eco' ? 50 : change.mode === 'boost' ? 100 : undefined);
      const params = Object.fromEntries(Object.entries({ ...change, brightness }).filter(([, v]) => v !== undefined));
      return executeCommand(commandDepsOf(ctx), ctx.user, ctx.caller, id, 'light', 'setLight', params);
    }),
  bulk: operatorProcedure
    .input(lightsBulkInput)
    .output(bulkCommandResultSchema)
    .mutation(({ ctx, input }) => bulkLights(commandDepsOf(ctx), ctx.user, ctx.caller, input)),
  summary: authenticatedProcedure
    .input(lightsScopeInput)
    .output(lightsSummaryOutput)
    .query(({ ctx, input }) => lightsSummary(ctx.db, input)),
  savings: authenticatedProcedure
    .input(lightsScopeInput)
    .output(lightsSavingsOutput)
    .query(({ ctx, input }) => lightsSavings(ctx.db, input, ctx.auth.now())),
  list: authenticatedProcedure
    .input(lightsListInput)
    .output(lightsListOutput)
    .query(({ ctx, input }) => listLights(ctx.db, input)),
  rooms: authenticatedProcedure.output(lightRoomsOutput).query(({ ctx }) => lightFacilities(ctx.db)),
  schedules: schedulesRouter,
});
