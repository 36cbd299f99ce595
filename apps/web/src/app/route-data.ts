import type { QueryClient } from '@tanstack/react-query';
import type { TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '@sentinela/server/router';
import type { RoutePath } from './route-table';

/** What a route's data preload needs: the app's query client and the tRPC query options. */
export interface RouteDataApi {
  queryClient: QueryClient;
  trpc: TRPCOptionsProxy<AppRouter>;
}

/**
 * The first queries of a page, started with its chunk (on the first load, on a sidebar link's
 * hover or focus), so the page's first render finds its data in flight or in the cache instead
 * of asking only once its chunk has run. Each input is the page's own (the same query key): a
 * different one would only fetch twice. Pages whose first query depends on the URL's filters are
 * left out.
 */
const routeData: Partial<Record<RoutePath, (api: RouteDataApi) => Promise<unknown>[]>> = {
  // dashboard-page.tsx (summary, energy) and motor-monitor.tsx (motors).
  '/': ({ queryClient, trpc }) => [
    queryClient.prefetchQuery(trpc.dashboard.summary.queryOptions()),
    queryClient.prefetchQuery(trpc.dashboard.energy.queryOptions({})),
    queryClient.prefetchQuery(trpc.dashboard.motors.queryOptions()),
  ],
};

/** Starts the route's first queries (none for most routes); a failure shows when the page asks again. */
export function preloadRouteData(path: string, api: RouteDataApi): void {
  const preload = routeData[path as RoutePath];
  if (preload) void Promise.allSettled(preload(api));
}
