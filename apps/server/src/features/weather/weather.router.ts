import { weatherOverviewSchema } from '@sentinela/shared/weather';
import { authenticatedProcedure, router } from '../../trpc/init';
import { weatherOverview } from './weather-overview.service';

export const weatherRouter = router({
  /**
   * Per facility: the outdoor stations, the conditions now, the 7-day forecast (when an admin
   * turned Open-Meteo on), the provider's state and heat-wave/storm warnings (viewers and up).
   */
  overview: authenticatedProcedure
    .output(weatherOverviewSchema)
    .query(({ ctx }) => weatherOverview(ctx.db, ctx.weather, ctx.auth.now(), ctx.bus)),
});
