import { z } from 'zod';
import {
  eventActorsOutput,
  eventFilters,
  eventsCsvOutput,
  eventsListInput,
  eventsListOutput,
} from '@sentinela/shared/events';
import { authenticatedProcedure, heavyProcedure, router } from '../../trpc/init';
import { exportEventsCsv } from './events-csv';
import { eventActors, listEvents } from './events.service';

/** The events timeline: every signed-in user reads it; account events only administrators. */
export const eventsRouter = router({
  list: heavyProcedure
    .input(eventsListInput)
    .output(eventsListOutput)
    .query(({ ctx, input }) => listEvents(ctx.db, ctx.user, input, { oneStatement: ctx.databaseKind === 'pglite' })),
  /** The filtered timeline (every page, capped) as a CSV file in the caller's language. */
  exportCsv: heavyProcedure
    .input(z.object({ filters: eventFilters.default({}) }))
    .output(eventsCsvOutput)
    .query(({ ctx, input }) => exportEventsCsv(ctx.db, ctx.user, input.filters, ctx.lang, ctx.auth.now())),
  actors: authenticatedProcedure.output(eventActorsOutput).query(({ ctx }) => eventActors(ctx.db)),
});
