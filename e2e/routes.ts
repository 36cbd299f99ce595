import { routeTable } from '../apps/web/src/app/route-table';

/** The spec's routes (portal-spec.md §2) as the e2e specs visit them, from the app's one route table. */
export const publicRoutes: readonly string[] = routeTable.filter((route) => 'public' in route).map((r) => r.path);
export const protectedRoutes: readonly string[] = routeTable.filter((route) => !('public' in route)).map((r) => r.path);
