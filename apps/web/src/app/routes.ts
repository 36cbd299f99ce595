import { normalizePath } from './auth-gate-decision';
import { lazyPage, type LazyPage, type PageModule } from './lazy-page';
import { preloadRouteData, type RouteDataApi } from './route-data';
import { notFoundPageName, routeTable, type RouteEntry } from './route-table';

/** Every page module, each in its own chunk (named after the page file, e.g. assets/motors-page-<hash>.js). */
const pageModules = import.meta.glob<PageModule>('../features/*/*-page.tsx');

/** The lazy page of a route-table name; a name with no module is a programming error. */
export function pageNamed(name: string): LazyPage {
  const load = pageModules[`../features/${name}.tsx`];
  if (!load) throw new Error(`No page module features/${name}.tsx`);
  return lazyPage(load);
}

/**
 * A route of the table with its page ready to load. Lives in the entry so the page chunk can
 * start loading alongside the layout chunk on the first visit.
 */
export interface AppRoute extends Omit<RouteEntry, 'page'> {
  page: LazyPage;
}

export const appRoutes: AppRoute[] = routeTable.map((entry: RouteEntry) => ({ ...entry, page: pageNamed(entry.page) }));

/** Outside the dashboard layout; reachable without signing in. */
export const publicRoutes: AppRoute[] = appRoutes.filter((route) => route.public);

/** Inside the dashboard layout. */
export const protectedRoutes: AppRoute[] = appRoutes.filter((route) => !route.public);

export const notFoundPage = pageNamed(notFoundPageName);

export const dashboardLayout = lazyPage(() => import('./layout/dashboard-layout'));

export function findRoute(routes: AppRoute[], pathname: string): AppRoute | undefined {
  const path = normalizePath(pathname);
  return routes.find((route) => route.path === path);
}

function preload(page: LazyPage): void {
  // A failure surfaces when the page renders (error screen); nothing to do here.
  page.preload().catch(() => undefined);
}

/**
 * Fetches what `pathname` will render, in parallel: the layout chunk, the page chunk and, given
 * `data` (a signed-in user), the page's first queries (route-data.ts).
 */
export function preloadRoute(pathname: string, data?: RouteDataApi): void {
  const publicRoute = findRoute(publicRoutes, pathname);
  if (publicRoute) {
    preload(publicRoute.page);
    return;
  }
  preload(dashboardLayout);
  const route = findRoute(protectedRoutes, pathname);
  preload(route?.page ?? notFoundPage);
  if (route && data) preloadRouteData(route.path, data);
}
