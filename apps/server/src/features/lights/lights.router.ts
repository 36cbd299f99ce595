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
import { bulkCommandResultSchema, lightSetInput, lightsBulkInput } from '@sentinela/shared/plant';
import { commandDepsOf } from '../../trpc/command-deps';
import { deviceCommandProcedure, listProcedure, readProcedure } from '../../trpc/procedures';
import { authenticatedProcedure, operatorProcedure, router } from '../../trpc/init';
import { createSchedule, deleteSchedule, listSchedules, updateSchedule } from './light-schedules.service';
import { lightsSavings } from './lights-savings.service';
import { bulkLights, lightFacilities, lightsSummary, listLights } from './lights.service';

const schedulesRouter = router({
  list: readProcedure(lightSchedulesListInput, lightSchedulesListOutput, listSchedules),
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
  set: deviceCommandProcedure('light', 'setLight', lightSetInput, ({ id: _id, ...change }) => {
    // A mode brings its brightness unless one is given (eco 50 %, boost 100 %).
    const brightness = change.brightness ?? (change.mode === 'eco' ? 50 : change.mode === 'boost' ? 100 : undefined);
    return Object.fromEntries(Object.entries({ ...change, brightness }).filter(([, v]) => v !== undefined));
  }),
  bulk: operatorProcedure
    .input(lightsBulkInput)
    .output(bulkCommandResultSchema)
    .mutation(({ ctx, input }) => bulkLights(commandDepsOf(ctx), ctx.user, ctx.caller, input)),
  summary: readProcedure(lightsScopeInput, lightsSummaryOutput, lightsSummary),
  savings: authenticatedProcedure
    .input(lightsScopeInput)
    .output(lightsSavingsOutput)
    .query(({ ctx, input }) => lightsSavings(ctx.db, input, ctx.auth.now())),
  list: readProcedure(lightsListInput, lightsListOutput, listLights),
  rooms: listProcedure(lightRoomsOutput, lightFacilities),
  schedules: schedulesRouter,
});
