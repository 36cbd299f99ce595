import {
  telemetryLatestInput,
  telemetryLatestOutput,
  telemetrySeriesInput,
  telemetrySeriesOutput,
} from '@sentinela/shared/plant';
import { authenticatedProcedure, heavyProcedure, router } from '../../trpc/init';
import { latestTelemetry, telemetrySeries } from './readings.service';

export const telemetryRouter = router({
  latest: authenticatedProcedure
    .input(telemetryLatestInput)
    .output(telemetryLatestOutput)
    .query(({ ctx, input }) => latestTelemetry(ctx.db, input.equipmentIds)),
  series: heavyProcedure
    .input(telemetrySeriesInput)
    .output(telemetrySeriesOutput)
    .query(({ ctx, input }) => telemetrySeries(ctx.db, input, ctx.auth.now())),
});
